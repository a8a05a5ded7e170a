import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesFromTransfer, readPastedFiles } from '../lib/pasted-files';
import { isMarkedByPasswordManager } from '../lib/password-manager-marks';
import { useToast } from '../ui/use-toast';

interface PasteAndDropOptions {
  enabled: boolean;
  onFiles(files: File[]): void;
  /** Text pasted outside any text field (inside one, the field takes it itself). */
  onText(text: string): void;
}

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLInputElement ||
  (target instanceof HTMLElement && target.isContentEditable);

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * Ctrl/Cmd+V anywhere on the page and files dropped anywhere on it. Inside a text field, clipboard text wins over
 * files: a word processor puts a picture of the copied text beside the text itself, and a person pasting
 * into the editor means the text. A screenshot carries no text, so it still becomes a file there. What a
 * password manager marked as secret is taken nowhere, text fields included (the editor saves what it holds),
 * where the browser shows the mark (see isMarkedByPasswordManager); a toast says it was skipped.
 */
export function usePasteAndDrop({ enabled, onFiles, onText }: PasteAndDropOptions) {
  const [dragDepth, setDragDepth] = useState(0);
  const { t } = useTranslation();
  const toast = useToast();
  const takeFiles = useEffectEvent((files: File[]) => onFiles(files));
  const takeText = useEffectEvent((text: string) => onText(text));
  const skipSecret = useEffectEvent(() => toast.info({ title: t('clips.secretPasteSkipped') }));

  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
      if (isMarkedByPasswordManager(event.clipboardData)) {
        event.preventDefault();
        skipSecret();
        return;
      }
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (isTextField(event.target) && text) return;
      const files = readPastedFiles(event);
      if (files.length > 0) {
        event.preventDefault();
        takeFiles(files);
      } else if (text && !isTextField(event.target)) {
        event.preventDefault();
        takeText(text);
      }
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [enabled]);

  // Files dropped anywhere on the page count, the sidebar included: a near miss must not make the browser
  // open the file in place of the app. Entering a child fires dragenter before the parent's dragleave, so
  // a depth count tells when the pointer really left the page.
  useEffect(() => {
    if (!enabled) return;
    const onDragEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragDepth((depth) => depth + 1);
    };
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event) || !event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    };
    const onDragLeave = (event: DragEvent) => {
      if (carriesFiles(event)) setDragDepth((depth) => Math.max(0, depth - 1));
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragDepth(0);
      const files = filesFromTransfer(event.dataTransfer);
      if (files.length > 0) takeFiles(files);
    };
    const listeners = { dragenter: onDragEnter, dragover: onDragOver, dragleave: onDragLeave, drop: onDrop };
    for (const [type, listener] of Object.entries(listeners))
      document.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener] of Object.entries(listeners))
        document.removeEventListener(type, listener as EventListener);
      setDragDepth(0);
    };
  }, [enabled]);
  return { isDraggingFiles: enabled && dragDepth > 0 };
}
