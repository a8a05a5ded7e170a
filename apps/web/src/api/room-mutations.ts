import type { CreateRoomRequest, UpdateRoomRequest } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { EXPLAINS_PLAN_REFUSAL, requiredPlanOf } from './billing-errors';
import type { ProgressListener } from './client';
import { useRoomCache } from './room-queries';
import { roomsApi } from './rooms-api';

/**
 * What a screen says when a change ends. Given to the hook rather than to `mutate`, so it is said even when
 * the component that asked has gone by then (a deleted room's card, a closed dialog).
 */
export interface RoomFeedback<Result> {
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

/**
 * A change to one room: afterwards the room and the lists refetch, or, when the caller has lost
 * the room (deleted, left), its cached copy is dropped.
 */
function useRoomChange<Input extends { roomId: string }, Result>(
  change: (input: Input) => Promise<Result>,
  feedback: RoomFeedback<Result>,
  afterwards: 'refetch' | 'forget' = 'refetch',
) {
  const cache = useRoomCache();
  return useMutation({
    mutationFn: change,
    onSuccess: (result, input) => {
      feedback.onSuccess?.(result);
      void (afterwards === 'forget' ? cache.forgetRoom(input.roomId) : cache.refetchRoom(input.roomId));
    },
    onError: (error, input) => {
      feedback.onError?.(error);
      // Refused because the owner's plan lapsed: the room's fresh answer says so and hides what it refuses.
      if (requiredPlanOf(error)) void cache.refetchRoom(input.roomId);
    },
    meta: EXPLAINS_PLAN_REFUSAL,
  });
}

export function useCreateRoom(feedback: RoomFeedback<{ id: string }> = {}) {
  const { refetchLists } = useRoomCache();
  return useMutation({
    mutationFn: (body: CreateRoomRequest) => roomsApi.create(body),
    onSuccess: (room) => {
      feedback.onSuccess?.(room);
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

export function useJoinRoom(feedback: RoomFeedback<{ roomId: string }> = {}) {
  const { refetchLists } = useRoomCache();
  return useMutation({
    mutationFn: (shareToken: string) => roomsApi.join(shareToken),
    onSuccess: (result) => {
      feedback.onSuccess?.(result);
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

/** Accepts a mailed invitation (signed in with the invited address): the room joins the lists. */
export function useAcceptInvitation(feedback: RoomFeedback<{ roomId: string }> = {}) {
  const { refetchLists } = useRoomCache();
  return useMutation({
    mutationFn: (token: string) => roomsApi.acceptInvitation(token),
    onSuccess: (result) => {
      feedback.onSuccess?.(result);
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

export const useDeleteRoom = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(({ roomId }: { roomId: string }) => roomsApi.remove(roomId), feedback, 'forget');

export const useLeaveRoom = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(({ roomId }: { roomId: string }) => roomsApi.leave(roomId), feedback, 'forget');

export const useUpdateRoom = (feedback: RoomFeedback<unknown> = {}) =>
  useRoomChange(
    ({ roomId, ...body }: { roomId: string } & UpdateRoomRequest) => roomsApi.update(roomId, body),
    feedback,
  );

export const useRotateInvite = (feedback: RoomFeedback<{ shareToken: string }> = {}) =>
  useRoomChange(({ roomId }: { roomId: string }) => roomsApi.rotateInvite(roomId), feedback);

export const useAddMember = (feedback: RoomFeedback<{ invited: string }> = {}) =>
  useRoomChange(({ roomId, email }: { roomId: string; email: string }) => roomsApi.addMember(roomId, email), feedback);

export const useCancelInvitation = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(
    ({ roomId, invitationId }: { roomId: string; invitationId: string }) =>
      roomsApi.cancelInvitation(roomId, invitationId),
    feedback,
  );

/** `keepalive` when it is sent as the page goes away (an Undo's time cut short). */
export const useRemoveMember = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(
    ({ roomId, memberId, keepalive }: { roomId: string; memberId: string; keepalive?: boolean }) =>
      roomsApi.removeMember(roomId, memberId, { keepalive }),
    feedback,
  );

export const useAddRoomText = (feedback: RoomFeedback<unknown> = {}) =>
  useRoomChange(
    ({ roomId, content }: { roomId: string; content: string }) => roomsApi.addText(roomId, content),
    feedback,
  );

export const useUpdateRoomText = (feedback: RoomFeedback<unknown> = {}) =>
  useRoomChange(
    (edit: { roomId: string; contentId: string; content: string; version?: number }) =>
      roomsApi.updateText(edit.roomId, edit.contentId, edit.content, edit.version),
    feedback,
  );

export const useRemoveRoomContent = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(
    ({ roomId, contentId }: { roomId: string; contentId: string }) => roomsApi.removeContent(roomId, contentId),
    feedback,
  );

/** One file into a room, with its progress (the caller has checked the 10 MB rule first). */
export const useUploadRoomFile = (feedback: RoomFeedback<unknown> = {}) =>
  useRoomChange(
    ({ roomId, file, onProgress }: { roomId: string; file: File; onProgress?: ProgressListener }) =>
      roomsApi.uploadFile(roomId, file, onProgress),
    feedback,
  );
