import { useEffect, useEffectEvent, useState, type DragEvent } from 'react';
import { filesFromTransfer, readPastedFiles } from '../../../lib/pasted-files';

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

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Ctrl/Cmd+V anywhere on the page and files dropped onto it. Inside a text field, clipboard text wins over
 * files: a word processor puts a picture of the copied text beside the text itself, and a person pasting
 * into the editor means the text. A screenshot carries no text, so it still becomes a file there.
 */
export function usePasteAndDrop({ enabled, onFiles, onText }: PasteAndDropOptions) {
  const [dragDepth, setDragDepth] = useState(0);
  const takeFiles = useEffectEvent((files: File[]) => onFiles(files));
  const takeText = useEffectEvent((text: string) => onText(text));

  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
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

  // Entering a child fires dragenter before the parent's dragleave, so a depth count tells when the
  // pointer really left the page.
  const dropTargetProps = {
    onDragEnter: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      event.preventDefault();
      setDragDepth((depth) => depth + 1);
    },
    onDragOver: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      setDragDepth((depth) => Math.max(0, depth - 1));
    },
    onDrop: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event)) return;
      event.preventDefault();
      setDragDepth(0);
      const files = filesFromTransfer(event.dataTransfer);
      if (files.length > 0) onFiles(files);
    },
  };
  return { isDraggingFiles: enabled && dragDepth > 0, dropTargetProps };
}
