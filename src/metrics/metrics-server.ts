import { createServer, type Server, type ServerResponse } from 'node:http';
import { HTTP_STATUS, type HTTPException, InternalServerErrorException, NotFoundException } from '../kernel';
import type { AppMetrics } from './app-metrics';

function answerError(res: ServerResponse, exception: HTTPException): void {
  res.writeHead(exception.statusCode, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(exception.toJSON()));
}

/**
 * A server of its own for the metrics, so they are never reachable on the application's public
 * port: `GET <path>` answers the Prometheus text, anything else a 404.
 */
export function createMetricsServer(metrics: AppMetrics, path: string): Server {
  return createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (url !== path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      answerError(res, new NotFoundException(`Cannot ${req.method} ${url}`));
      return;
    }
    metrics.text().then(
      (text) => {
        res.writeHead(HTTP_STATUS.OK, { 'Content-Type': metrics.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => answerError(res, new InternalServerErrorException('Metrics unavailable')),
    );
  });
}
