'use strict';
const { benchStacks, measureStacks } = require('./measure');
measureStacks(benchStacks(), Number(process.argv[2] ?? 3)).then((rows) => {
  for (const row of rows) console.log(row.name.padEnd(18), row.startupMs.toFixed(0).padStart(6), 'ms', `[${row.minMs.toFixed(0)}-${row.maxMs.toFixed(0)}]`, row.rssMiB.toFixed(1), 'MiB');
});
