import { formatStorageBytes, type ClipFile } from '@clipsync/shared';
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
  /** What says why (an i18n key and its values), when the server's refusal is one the user can act on. */
  failureHint?: FailureHint;
}

export interface FailureHint {
  key: string;
  values?: Record<string, string>;
}

/** Refusals worth more than 'Failed to upload files': the user can do something about them. */
const FAILURE_HINTS: Record<string, string> = {
  QUOTA_EXCEEDED: 'editor.quotaExceeded',
  TOO_MANY_FILES: 'editor.tooManyFiles',
  // Only a file that grew past 10 MB when encrypted gets this far: the others are refused when added.
  PAYLOAD_TOO_LARGE: 'encryption.fileTooLarge',
};

/**
 * Why an upload was refused, when the user can act on it. A file over the quota is named with its size and the
 * room left (the name as chosen here: an encrypted clip's file reaches the server under a neutral one); "full"
 * only when nothing was left.
 */
function failureHintOf(error: unknown, file: File): FailureHint | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const refused = error.overQuota;
  if (error.code === 'QUOTA_EXCEEDED' && refused && refused.leftBytes > 0) {
    const values = {
      name: file.name,
      size: formatStorageBytes(refused.fileBytes),
      left: formatStorageBytes(refused.leftBytes, 'down'),
      quota: formatStorageBytes(refused.quotaBytes),
    };
    return { key: 'editor.fileOverQuota', values };
  }
  const key = FAILURE_HINTS[error.code];
  return key ? { key } : undefined;
}

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

  const setProgress = (id: string, progress: number | null) =>
    setPendingFiles((current) => current.map((pending) => (pending.id === id ? { ...pending, progress } : pending)));

  /**
   * Uploads the files pending at call time, one after another, to the clip; `prepare` turns each into what
   * is sent (an end-to-end encrypted clip's files are sealed first). `isWhole`: the save is undone when one
   * fails (a new clip's first save), so every file stays in the list until all are stored, ready for the
   * next try; otherwise each leaves once stored, and a failure drops the files of that save.
   */
  const uploadAll = async (
    clipId: string,
    prepare?: (file: File) => Promise<File>,
    { isWhole = false } = {},
  ): Promise<PendingUploadResult> => {
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
        if (!isWhole) removeFile(pending.id);
      } catch (error) {
        if (isWhole) pendingFiles.forEach((unsent) => setProgress(unsent.id, null));
        // The files of this save leave the list; files added while it ran stay for the next one.
        else pendingFiles.forEach((unsent) => removeFile(unsent.id));
        return { uploaded, hasFailed: true, failureHint: failureHintOf(error, pending.file) };
      }
    }
    if (isWhole) pendingFiles.forEach((stored) => removeFile(stored.id));
    return { uploaded, hasFailed: false };
  };

  return { pendingFiles, addFiles, removeFile, uploadAll };
}

export type PendingFiles = ReturnType<typeof usePendingFiles>;
