import type { Logger } from 'pino';
import type { BroadcastEnvelope, Broadcaster } from './broadcaster';

/** What the hub needs of a connection: its id, its rooms, and a way to send it serialised JSON. */
export interface HubMember {
  readonly id: string;
  readonly rooms: Set<string>;
  sendText(text: string): void;
}

/**
 * The clients of one gateway on this instance and the rooms they joined. Broadcasts leave
 * through the `Broadcaster` and come back through `deliver`, the only way they reach a client.
 */
export class GatewayHub {
  private readonly members = new Set<HubMember>();
  private readonly rooms = new Map<string, Set<HubMember>>();

  constructor(
    readonly path: string,
    private readonly broadcaster: Broadcaster,
    private readonly logger: Logger,
  ) {}

  /** How many clients are connected to this gateway on this instance. */
  get size(): number {
    return this.members.size;
  }

  add(member: HubMember): void {
    this.members.add(member);
  }

  remove(member: HubMember): void {
    this.members.delete(member);
    for (const room of member.rooms) this.leave(member, room);
  }

  join(member: HubMember, room: string): void {
    let members = this.rooms.get(room);
    if (!members) {
      members = new Set();
      this.rooms.set(room, members);
    }
    members.add(member);
    member.rooms.add(room);
  }

  leave(member: HubMember, room: string): void {
    member.rooms.delete(room);
    const members = this.rooms.get(room);
    if (!members) return;
    members.delete(member);
    if (members.size === 0) this.rooms.delete(room);
  }

  /** Hands a broadcast to the broadcaster; a failing one (Redis down) is logged, never thrown at the sender. */
  publish(envelope: BroadcastEnvelope): void {
    const onError = (err: unknown) => this.logger.error({ err, gateway: this.path }, 'broadcast failed');
    try {
      const pending = this.broadcaster.publish(this.path, envelope);
      if (pending) pending.catch(onError);
    } catch (err) {
      onError(err);
    }
  }

  /** Sends a broadcast to the local clients it is meant for, the sender excepted. */
  readonly deliver = (envelope: BroadcastEnvelope): void => {
    const targets = envelope.room === undefined ? this.members : this.rooms.get(envelope.room);
    if (!targets) return;
    for (const member of targets) if (member.id !== envelope.senderId) member.sendText(envelope.data);
  };
}
