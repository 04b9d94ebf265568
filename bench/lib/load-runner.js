'use strict';
// Runs lib/load.js (autocannon) in a child process pinned to the load core.
const { spawn } = require('node:child_process');
const path = require('node:path');

const LOAD_CORE = process.env.BENCH_LOAD_CORE ?? '1';
const LOAD_SCRIPT = path.join(__dirname, 'load.js');

/** Starts one autocannon run; resolves to its JSON summary. */
function runLoad(options) {
  return new Promise((resolve, reject) => {
    const child = spawn('taskset', ['-c', LOAD_CORE, process.execPath, LOAD_SCRIPT, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        const summary = JSON.parse(out.trim().split('\n').pop());
        if (summary.error) reject(new Error(summary.error));
        else resolve(summary);
      } catch {
        reject(new Error(`autocannon gave no summary: ${out}`));
      }
    });
  });
}

/** The autocannon options for one route of the bench. */
function routeLoad(port, route, { connections, duration }) {
  return {
    url: `http://127.0.0.1:${port}${route.path}`,
    method: route.method,
    headers: route.headers ?? {},
    body: route.payload,
    connections,
    duration,
    pipelining: 1,
    freshTokens: route.freshTokens,
  };
}

module.exports = { runLoad, routeLoad };
