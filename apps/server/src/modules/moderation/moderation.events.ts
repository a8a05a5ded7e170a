declare module '../../lib/domain-events' {
  interface DomainEventMap {
    /**
     * An admin took an item down: every view of it but its owner's is told and stops hearing it, on every node.
     * `channelIds`: the ids its viewers joined with (a clip's own id and its link's).
     */
    'moderation.item-taken-down': {
      kind: 'clip' | 'desktop' | 'room';
      itemId: string;
      ownerId: string;
      channelIds: string[];
    };
  }
}

export {};
