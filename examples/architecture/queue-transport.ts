import type { ZodType } from 'zod';
import { Injectable, recordParam } from '../../index';
import {
  type CallContext,
  type Class,
  type ClassRole,
  compileInvocation,
  metadataKey,
  metadataRegistry,
  type ReaderTable,
  type TrellisFeature,
} from '../../src/kernel';

declare module '../../src/options/app-options' {
  interface AppOptions {
    /** The `Consumer` classes the queue delivers messages to. */
    consumers?: Class[];
  }
}

/** One message: its topic, its headers (what guards read) and its payload. */
export interface QueueMessage {
  topic: string;
  headers: Record<string, string>;
  payload: unknown;
}

/** One delivery as the kernel sees it: a call context, plus the message. */
interface DeliveryContext extends CallContext {
  readonly message: QueueMessage;
}

type Delivery = (message: QueueMessage) => Promise<void>;

/** An in-process queue: publishing resolves once every consumer of the topic has taken the message. */
export class Queue {
  private readonly deliveries = new Map<string, Delivery[]>();

  subscribe(topic: string, deliver: Delivery): void {
    this.deliveries.set(topic, [...(this.deliveries.get(topic) ?? []), deliver]);
  }

  async publish(topic: string, payload: unknown, headers: Record<string, string> = {}): Promise<void> {
    await Promise.all(
      (this.deliveries.get(topic) ?? []).map((deliver) => deliver({ topic, headers, payload })),
    );
  }
}

const CONSUMER_ROLE: ClassRole = { name: 'consumer', decorator: 'Consumer', option: 'consumers' };
const CONSUMES = metadataKey<{ topic: string }>('queue topic', { entryPoint: true });

/** Declares a class whose `Consumes` methods take the queue's messages. */
export function Consumer(): ClassDecorator {
  return (target) => {
    metadataRegistry.forClass(target).role = CONSUMER_ROLE.name;
    Injectable()(target);
  };
}

/** Delivers the messages of `topic` to this method. */
export function Consumes(topic: string): MethodDecorator {
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).set(CONSUMES, { topic });
  };
}

/** The message's payload, validated by `schema` before the method runs. */
export function Payload(schema?: ZodType): ParameterDecorator {
  return recordParam({ kind: 'payload', schema });
}

// What this transport can fill; the kernel adds `Depends` and `Var` to every transport.
const READERS: ReaderTable<DeliveryContext> = {
  payload: () => ({ read: (ctx) => ctx.message.payload, source: 'payload' }),
};

/** The queue as a feature: `app.install(queueFeature, undefined)`, and `Queue` in the container. */
export const queueFeature: TrellisFeature<undefined> = {
  name: 'queue',
  roles: [CONSUMER_ROLE],
  install(app) {
    const queue = new Queue();
    app.container.bind(Queue).toConstantValue(queue);
    app.onCompiled(() => {
      const env = {
        container: app.container,
        guards: app.guards,
        interceptors: app.interceptors,
        tracing: app.tracing,
      };
      for (const target of app.classesOf(CONSUMER_ROLE.name)) {
        const owner = metadataRegistry.forClass(target);
        for (const method of owner.methods.values()) {
          const consumes = method.get(CONSUMES);
          if (!consumes) continue;
          // Compiled once: guards -> arguments -> resolution -> method, as for a route.
          const invoke = compileInvocation<DeliveryContext>(
            {
              owner,
              method,
              guards: [...owner.guards, ...method.guards],
              readers: READERS,
              site: {
                className: target.name,
                methodName: method.name,
                transport: 'queue',
                container: app.container,
              },
            },
            env,
          );
          queue.subscribe(consumes.topic, async (message) => {
            const ctx: DeliveryContext = { transport: 'queue', headers: message.headers, message };
            try {
              await invoke(ctx);
            } finally {
              await ctx.scope?.dispose((err) => app.logger.error({ err }, 'disposing a delivery failed'));
            }
          });
        }
      }
    });
  },
};
