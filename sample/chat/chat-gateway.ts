import { z } from 'zod';
import { Auth, OnConnect, OnMessage, WebSocket, type WebSocketConnection } from '../trellis';

/** What a client may send. */
export const ChatMessageSchema = z.object({
  type: z.literal('message'),
  text: z.string().trim().min(1).max(2000),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * A chat room for authenticated users: each message goes to every other client, with the
 * sender's username and the time; the sender gets a `sent` receipt.
 */
@WebSocket('/chat')
@Auth()
export class ChatGateway {
  @OnConnect()
  welcome(connection: WebSocketConnection) {
    return { type: 'welcome', username: connection.user!.username };
  }

  @OnMessage(ChatMessageSchema)
  message(connection: WebSocketConnection, message: ChatMessage) {
    const at = new Date().toISOString();
    connection.broadcast({ type: 'message', text: message.text, from: connection.user!.username, at });
    return { type: 'sent', at };
  }
}
