import { MAX_UPLOAD_BYTES } from '@clipsync/shared';

export interface UploadSelection {
  accepted: File[];
  tooLarge: File[];
}

/** A file of more than 10 MB is refused by name while the others are still taken. */
export function splitByUploadLimit(files: readonly File[], maxBytes = MAX_UPLOAD_BYTES): UploadSelection {
  return {
    accepted: files.filter((file) => file.size <= maxBytes),
    tooLarge: files.filter((file) => file.size > maxBytes),
  };
}
