import type { AppDescription } from '../inspect/app-description';
import { graphModel } from '../inspect/graph-model';
import { escapeMarkup } from '../security';
import { DEVTOOLS_PATH } from './devtools-options';
import { graphSvg } from './graph-svg';

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0 24px 48px; color: #202124; }
h1 { font-size: 20px; margin: 20px 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: 4px 10px 4px 0; border-bottom: 1px solid #e8eaed; vertical-align: top; }
th { color: #5f6368; font-weight: 600; } code { font: 12px ui-monospace, monospace; }
.graph { overflow: auto; border: 1px solid #e8eaed; border-radius: 8px; padding: 8px; }
.problems li { color: #d93025; } .failed { color: #d93025; } .muted { color: #5f6368; }
.method { font-weight: 600; } .phases { margin: 0; padding-left: 16px; font-size: 12px; } .spans { margin: 2px 0 0; padding-left: 16px; font-size: 12px; }
button { font: inherit; margin-right: 4px; }
`;

function cells(values: string[]): string {
  return `<tr>${values.map((value) => `<td>${value}</td>`).join('')}</tr>`;
}

// A route's steps phase by phase, in the order a call runs them.
function pipelineList(phases: AppDescription['routes'][number]['phases']): string {
  const items = Object.entries(phases).map(
    ([phase, names]) => `<li><b>${escapeMarkup(phase)}</b> ${escapeMarkup((names ?? []).join(' → '))}</li>`,
  );
  return `<ol class="phases">${items.join('')}</ol>`;
}

function routesTable(description: AppDescription): string {
  const rows = description.routes.map((route) =>
    cells([
      `<span class="method">${escapeMarkup(route.method)}</span>`,
      `<code>${escapeMarkup(route.path)}</code>`,
      `<code>${escapeMarkup(route.handler)}</code>`,
      escapeMarkup(route.guards.join(', ')),
      escapeMarkup(route.interceptors.join(', ')),
      escapeMarkup(route.version ?? ''),
      route.deprecated
        ? `deprecated${route.deprecated.sunset ? `, sunset ${escapeMarkup(route.deprecated.sunset)}` : ''}`
        : '',
      pipelineList(route.phases),
    ]),
  );
  return `<table id="routes"><thead>${cells(['Method', 'Path', 'Handler', 'Guards', 'Interceptors', 'Version', '', 'Pipeline'].map((name) => `<b>${name}</b>`))}</thead><tbody>${rows.join('')}</tbody></table>`;
}

function listed(title: string, id: string, entries: string[]): string {
  if (entries.length === 0) return '';
  return `<h2>${title}</h2><ul id="${id}">${entries.map((entry) => `<li>${entry}</li>`).join('')}</ul>`;
}

const header = (names: string[]) => `<thead>${cells(names.map((name) => `<b>${name}</b>`))}</thead>`;

// The job queue, with the jobs module: filled by the script, which reads `?part=queue`.
function jobQueue(description: AppDescription): string {
  if (!description.modules.includes('jobs')) return '';
  return `<h2>Job queue</h2>
<table id="job-queue">${header(['Job', 'Waiting', 'Running', 'Failed'])}<tbody></tbody></table>
<table id="queued-jobs">${header(['Id', 'Job', 'State', 'Attempts', 'Run at', 'Last error', ''])}<tbody></tbody></table>
<p id="no-jobs" class="muted">No job waits, runs or has failed.</p>`;
}

/**
 * The devtools page: routes, the dependency graph drawn inline, the latest requests and the job
 * queue, the last two filled by its script.
 */
export function devtoolsPage(description: AppDescription): string {
  const model = graphModel(description);
  const problems = listed('Refused by ready()', 'problems', model.problems.map(escapeMarkup));
  const gateways = listed(
    'Gateways',
    'gateways',
    description.gateways.map(
      (gateway) => `<code>${escapeMarkup(gateway.path)}</code> ${escapeMarkup(gateway.gateway)}`,
    ),
  );
  const resolvers = listed(
    'GraphQL fields',
    'resolvers',
    description.resolvers.map(
      (field) => `<code>${escapeMarkup(field.field)}</code> ${escapeMarkup(field.handler)}`,
    ),
  );
  const jobs = listed(
    'Jobs',
    'jobs',
    description.jobs.map(
      (job) => `<code>${escapeMarkup(job.name)}</code> ${escapeMarkup(job.schedule ?? '')}`,
    ),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Trellis devtools</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body>
<h1>Trellis devtools</h1>
<p class="muted">Modules: ${escapeMarkup(description.modules.join(', '))}. Data: <a href="${DEVTOOLS_PATH}.json">${DEVTOOLS_PATH}.json</a></p>
<h2>Latest requests</h2>
<table id="requests"><thead>${cells(['At', 'Method', 'URL', 'Route', 'Status', 'ms'].map((name) => `<b>${name}</b>`))}</thead><tbody></tbody></table>
<p id="no-requests" class="muted">No request yet.</p>
${jobQueue(description)}
<h2>Routes (${description.routes.length})</h2>
${routesTable(description)}
<h2>Dependency graph (${description.providers.length} providers)</h2>
${problems}
<div class="graph">${graphSvg(model)}</div>
${gateways}${resolvers}${jobs}
<script src="${DEVTOOLS_PATH}/devtools.js"></script>
</body></html>
`;
}
