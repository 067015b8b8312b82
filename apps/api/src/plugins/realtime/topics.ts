// Topic names in one place, so publishers and the WebSocket route never disagree on spelling.
export const conversationTopic = (conversationId: number) => `conversation:${conversationId}` as const;
export const userTopic = (userId: number) => `user:${userId}` as const;
export const caseTopic = (caseId: number) => `case:${caseId}` as const;
