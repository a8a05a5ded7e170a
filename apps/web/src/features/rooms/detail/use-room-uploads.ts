import { useUploadRoomFile } from '../../../api/room-mutations';
import { useUploadQueue } from '../../../components/use-upload-queue';

export type { UploadProgress } from '../../../components/use-upload-queue';

/** Files into a room, one after another with their progress; each success says 'File uploaded'. */
export function useRoomUploads(roomId: string) {
  const uploadFile = useUploadRoomFile();
  return useUploadQueue({
    send: (file, onProgress) => uploadFile.mutateAsync({ roomId, file, onProgress }),
    successKey: 'rooms.fileUploaded',
    failureKey: 'rooms.uploadFailed',
  });
}
