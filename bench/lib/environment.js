'use strict';
// The machine and the package versions a run was made with, for the results table.
const os = require('node:os');
const path = require('node:path');
const { readFileSync } = require('node:fs');

const BENCH_DIR = path.join(__dirname, '..');
const ROOT_DIR = path.join(BENCH_DIR, '..');

function versionOf(dir, name) {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return 'missing';
  }
}

/** Machine, Node and the versions of every framework in the run. */
function describeEnvironment() {
  const trellis = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')).version;
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    versions: {
      trellis,
      'express (Trellis)': versionOf(ROOT_DIR, 'express'),
      'fastify (Trellis)': versionOf(ROOT_DIR, 'fastify'),
      inversify: versionOf(ROOT_DIR, 'inversify'),
      express: versionOf(BENCH_DIR, 'express'),
      fastify: versionOf(BENCH_DIR, 'fastify'),
      '@nestjs/core': versionOf(BENCH_DIR, '@nestjs/core'),
      '@nestjs/platform-express': versionOf(BENCH_DIR, '@nestjs/platform-express'),
      'routing-controllers': versionOf(BENCH_DIR, 'routing-controllers'),
      'express (routing-controllers)': versionOf(path.join(BENCH_DIR, 'node_modules', 'routing-controllers'), 'express'),
      '@inversifyjs/http-express': versionOf(BENCH_DIR, '@inversifyjs/http-express'),
      jsonwebtoken: versionOf(BENCH_DIR, 'jsonwebtoken'),
      zod: versionOf(BENCH_DIR, 'zod'),
      autocannon: versionOf(BENCH_DIR, 'autocannon'),
    },
  };
}

/** The 1, 5 and 15 minute load averages: other work on the machine skews every figure. */
function loadAverage() {
  return os.loadavg().map((value) => Math.round(value * 100) / 100);
}

module.exports = { describeEnvironment, loadAverage, BENCH_DIR, ROOT_DIR };
