import { ROOM_ENDPOINTS, type CreateRoomRequest, type UpdateRoomRequest } from '@clipsync/shared';
import { useMutation } from '@tanstack/react-query';
import { EXPLAINS_PLAN_REFUSAL, requiredPlanOf } from './billing-errors';
import { call, type ProgressListener } from './client';
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
    mutationFn: (body: CreateRoomRequest) => call(ROOM_ENDPOINTS.create, { body }),
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
    mutationFn: (shareToken: string) => call(ROOM_ENDPOINTS.join, { body: { shareToken } }),
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
    mutationFn: (token: string) => call(ROOM_ENDPOINTS.acceptInvitation, { body: { token } }),
    onSuccess: (result) => {
      feedback.onSuccess?.(result);
      void refetchLists();
    },
    onError: (error) => feedback.onError?.(error),
  });
}

export const useDeleteRoom = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(
    ({ roomId }: { roomId: string }) => call(ROOM_ENDPOINTS.remove, { params: { id: roomId } }),
    feedback,
    'forget',
  );

export const useLeaveRoom = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(
    ({ roomId }: { roomId: string }) => call(ROOM_ENDPOINTS.leave, { params: { id: roomId } }),
    feedback,
    'forget',
  );

export const useUpdateRoom = (feedback: RoomFeedback<unknown> = {}) =>
  useRoomChange(
    ({ roomId, ...body }: { roomId: string } & UpdateRoomRequest) =>
      call(ROOM_ENDPOINTS.update, { params: { id: roomId }, body }),
    feedback,
  );

export const useRotateInvite = (feedback: RoomFeedback<{ shareToken: string }> = {}) =>
  useRoomChange(
    ({ roomId }: { roomId: string }) => call(ROOM_ENDPOINTS.rotateInvite, { params: { id: roomId } }),
    feedback,
  );

export const useAddMember = (feedback: RoomFeedback<{ invited: string }> = {}) =>
  useRoomChange(
    ({ roomId, email }: { roomId: string; email: string }) =>
      call(ROOM_ENDPOINTS.addMember, { params: { id: roomId }, body: { email } }),
    feedback,
  );

export const useCancelInvitation = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(
    ({ roomId, invitationId }: { roomId: string; invitationId: string }) =>
      call(ROOM_ENDPOINTS.cancelInvitation, { params: { id: roomId, invitationId } }),
    feedback,
  );

/** `keepalive` when it is sent as the page goes away (an Undo's time cut short). */
export const useRemoveMember = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(
    ({ roomId, memberId, keepalive }: { roomId: string; memberId: string; keepalive?: boolean }) =>
      call(ROOM_ENDPOINTS.removeMember, { params: { id: roomId, memberId }, keepalive }),
    feedback,
  );

export const useAddRoomText = (feedback: RoomFeedback<unknown> = {}) =>
  useRoomChange(
    ({ roomId, content }: { roomId: string; content: string }) =>
      call(ROOM_ENDPOINTS.addContent, { params: { id: roomId }, body: { content, type: 'text' } }),
    feedback,
  );

export const useUpdateRoomText = (feedback: RoomFeedback<unknown> = {}) =>
  useRoomChange(
    (edit: { roomId: string; contentId: string; content: string; version?: number }) =>
      call(ROOM_ENDPOINTS.updateContent, {
        params: { id: edit.roomId, contentId: edit.contentId },
        body: { content: edit.content, version: edit.version },
      }),
    feedback,
  );

export const useRemoveRoomContent = (feedback: RoomFeedback<void> = {}) =>
  useRoomChange(
    ({ roomId, contentId }: { roomId: string; contentId: string }) =>
      call(ROOM_ENDPOINTS.removeContent, { params: { id: roomId, contentId } }),
    feedback,
  );

/** One file into a room, with its progress (the caller has checked the 10 MB rule first). */
export const useUploadRoomFile = (feedback: RoomFeedback<unknown> = {}) =>
  useRoomChange(
    ({ roomId, file, onProgress }: { roomId: string; file: File; onProgress?: ProgressListener }) =>
      roomsApi.uploadFile(roomId, file, onProgress),
    feedback,
  );
