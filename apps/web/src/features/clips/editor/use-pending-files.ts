import type { ClipFile } from '@clipsync/shared';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useUploadClipFile } from '../../../api/clip-mutations';
import { isPreviewableImage } from '../../../lib/browser-files';
import { useFilesWithinLimit } from './use-files-within-limit';

export interface PendingFile {
  id: string;
  file: File;
  /** An object URL for images, released when the file leaves the list. */
  previewUrl: string | null;
  /** 0–1 while uploading, null before. */
  progress: number | null;
}

export interface PendingUploadResult {
  uploaded: ClipFile[];
  hasFailed: boolean;
  /** The i18n key that says why, when the server's refusal is one the user can act on. */
  failureHint?: string;
}

/** Refusals worth more than 'Failed to upload files': the user can do something about them. */
const FAILURE_HINTS: Record<string, string> = {
  QUOTA_EXCEEDED: 'editor.quotaExceeded',
  TOO_MANY_FILES: 'editor.tooManyFiles',
  // Only a file that grew past 10 MB when encrypted gets this far: the others are refused when added.
  PAYLOAD_TOO_LARGE: 'encryption.fileTooLarge',
};

let pendingFileCount = 0;

function toPendingFile(file: File): PendingFile {
  pendingFileCount += 1;
  const previewUrl = isPreviewableImage(file.type) ? URL.createObjectURL(file) : null;
  return { id: `pending-${pendingFileCount}`, file, previewUrl, progress: null };
}

const releasePreview = (pending: PendingFile) => pending.previewUrl && URL.revokeObjectURL(pending.previewUrl);

/**
 * Files chosen, pasted or dropped but not yet stored: over-limit files are refused by name
 * while the others are added; on save they upload one at a time with their progress, and each moves out
 * of the list once stored. A failed upload drops the files of that save.
 */
export function usePendingFiles() {
  const filesWithinLimit = useFilesWithinLimit();
  const uploadFile = useUploadClipFile();
  const [pendingFiles, setPendingFiles] = useState<PendingFile[]>([]);
  // Previews still alive when the page closes are released then.
  const livePreviews = useRef(pendingFiles);
  useEffect(() => {
    livePreviews.current = pendingFiles;
  }, [pendingFiles]);
  useEffect(() => () => livePreviews.current.forEach(releasePreview), []);

  const addFiles = (files: readonly File[]) => {
    const accepted = filesWithinLimit(files);
    if (accepted.length === 0) return;
    const added = accepted.map(toPendingFile);
    setPendingFiles((current) => [...current, ...added]);
  };

  const removeFile = (id: string) => {
    setPendingFiles((current) => current.filter((pending) => pending.id !== id));
    const removed = livePreviews.current.find((pending) => pending.id === id);
    if (removed) releasePreview(removed);
  };

  const setProgress = (id: string, progress: number) =>
    setPendingFiles((current) => current.map((pending) => (pending.id === id ? { ...pending, progress } : pending)));

  /**
   * Uploads the files pending at call time, one after another, to the clip; `prepare` turns each into what
   * is sent (an end-to-end encrypted clip's files are sealed first).
   */
  const uploadAll = async (clipId: string, prepare?: (file: File) => Promise<File>): Promise<PendingUploadResult> => {
    const uploaded: ClipFile[] = [];
    for (const pending of pendingFiles) {
      try {
        setProgress(pending.id, 0);
        const { file } = await uploadFile.mutateAsync({
          clipId,
          file: prepare ? await prepare(pending.file) : pending.file,
          onProgress: (fraction) => setProgress(pending.id, fraction),
        });
        uploaded.push(file);
        removeFile(pending.id);
      } catch (error) {
        // The files of this save leave the list; files added while it ran stay for the next one.
        pendingFiles.forEach((unsent) => removeFile(unsent.id));
        const failureHint = error instanceof ApiError ? FAILURE_HINTS[error.code] : undefined;
        return { uploaded, hasFailed: true, failureHint };
      }
    }
    return { uploaded, hasFailed: false };
  };

  return { pendingFiles, addFiles, removeFile, uploadAll };
}

export type PendingFiles = ReturnType<typeof usePendingFiles>;
