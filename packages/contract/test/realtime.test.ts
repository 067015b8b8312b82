import { describe, expect, it } from 'vitest';
import {
  CLOSE_ACCOUNT_INACTIVE,
  decodeRealtimeFrame,
  encodeRealtimeFrame,
  type RealtimeClientCommand,
  realtimeClientCommand,
  type RealtimeEvent,
  realtimeEvent,
} from '../src/index.js';

const message = {
  id: 11,
  conversationId: 3,
  senderId: 7,
  senderName: 'Anna Nowak',
  content: 'Hello',
  sentAt: '2025-03-01T09:15:00.000Z',
  seq: 4,
};

describe('client commands (client -> /api/ws)', () => {
  it.each(['subscribe', 'unsubscribe'] as const)('round-trips %s with a conversation id', (type) => {
    const command: RealtimeClientCommand = { type, conversationId: 3 };
    expect(decodeRealtimeFrame(realtimeClientCommand, encodeRealtimeFrame(command))).toEqual(command);
  });

  it.each([
    ['an unknown command', '{"type":"follow","conversationId":3}'],
    ['no conversation', '{"type":"subscribe"}'],
    ['a conversation id as text', '{"type":"subscribe","conversationId":"3"}'],
    ['a zero id', '{"type":"subscribe","conversationId":0}'],
    ['a fractional id', '{"type":"unsubscribe","conversationId":1.5}'],
    ['broken JSON', '{"type":"subscribe",'],
    ['plain text', 'subscribe 3'],
  ])('ignores %s', (_label, frame) => {
    expect(decodeRealtimeFrame(realtimeClientCommand, frame)).toBeUndefined();
  });

  it('ignores frames that are not text', () => {
    expect(decodeRealtimeFrame(realtimeClientCommand, { type: 'subscribe', conversationId: 3 })).toBeUndefined();
  });
});

describe('server events (/api/ws -> client)', () => {
  const events: RealtimeEvent[] = [
    { type: 'message', conversationId: 3, message },
    { type: 'status', conversationId: 3, status: 'IN_PROGRESS', resolvedDate: null, employeeId: 5 },
    { type: 'status', conversationId: 3, status: 'RESOLVED', resolvedDate: '2025-03-02', employeeId: 5 },
  ];

  it.each(events)('round-trips a $type event', (event) => {
    expect(decodeRealtimeFrame(realtimeEvent, encodeRealtimeFrame(event))).toEqual(event);
  });

  it.each([
    ['an unknown type', { type: 'typing', conversationId: 3 }],
    ['a message without its body', { type: 'message', conversationId: 3 }],
    ['an unknown status', { type: 'status', conversationId: 3, status: 'CLOSED', resolvedDate: null, employeeId: null }],
    ['a client command', { type: 'subscribe', conversationId: 3 }],
  ])('refuses %s', (_label, frame) => {
    expect(decodeRealtimeFrame(realtimeEvent, JSON.stringify(frame))).toBeUndefined();
  });
});

it('closes a deactivated account with an application code (4000-4999) that is not a standard one', () => {
  expect(CLOSE_ACCOUNT_INACTIVE).toBeGreaterThanOrEqual(4000);
  expect(CLOSE_ACCOUNT_INACTIVE).toBeLessThan(5000);
});
