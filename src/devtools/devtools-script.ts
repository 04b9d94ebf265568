import { DEVTOOLS_PATH } from './devtools-options';

/**
 * The page's one script, served as a file since the page's policy allows no inline script: it
 * asks for the latest requests and the job queue every second and lists them, building the rows
 * as text nodes, never as markup, so what a client sent cannot become part of the page; a job's
 * Retry and Cancel buttons POST to the page's actions.
 */
export const DEVTOOLS_SCRIPT = `'use strict';
(function () {
  var body = document.querySelector('#requests tbody');
  var empty = document.getElementById('no-requests');
  function cell(row, text, className) {
    var td = document.createElement('td');
    td.textContent = text;
    if (className) td.className = className;
    row.appendChild(td);
    return td;
  }
  function render(requests) {
    body.textContent = '';
    empty.hidden = requests.length > 0;
    requests.forEach(function (request) {
      var row = document.createElement('tr');
      row.className = 'request';
      cell(row, new Date(request.at).toLocaleTimeString());
      cell(row, request.method, 'method');
      var url = cell(row, request.url);
      if (request.spans && request.spans.length > 0) {
        var list = document.createElement('ul');
        list.className = 'spans';
        request.spans.forEach(function (span) {
          var item = document.createElement('li');
          item.textContent = span.name + ' ' + span.durationMs.toFixed(2) + ' ms';
          if (span.failed) item.className = 'failed';
          list.appendChild(item);
        });
        url.appendChild(list);
      }
      cell(row, request.route || '');
      cell(row, String(request.status), request.status >= 500 ? 'failed' : '');
      cell(row, request.durationMs.toFixed(1));
      body.appendChild(row);
    });
  }
  function refresh() {
    fetch('${DEVTOOLS_PATH}.json?part=requests', { headers: { accept: 'application/json' } })
      .then(function (res) { return res.json(); })
      .then(function (data) { render(data.requests); })
      .catch(function () {})
      .then(function () { setTimeout(refresh, 1000); });
  }
  refresh();

  var queue = document.querySelector('#job-queue tbody');
  if (!queue) return;
  var listed = document.querySelector('#queued-jobs tbody');
  var noJobs = document.getElementById('no-jobs');
  function button(row, action, id) {
    var td = row.lastChild;
    var b = document.createElement('button');
    b.type = 'button';
    b.textContent = action === 'retry' ? 'Retry' : 'Cancel';
    b.setAttribute('data-action', action);
    b.setAttribute('data-id', id);
    td.appendChild(b);
  }
  function renderQueue(data) {
    queue.textContent = '';
    listed.textContent = '';
    var names = data ? data.names : [];
    noJobs.hidden = names.length > 0;
    names.forEach(function (each) {
      var row = document.createElement('tr');
      row.className = 'job-name';
      cell(row, each.name);
      cell(row, String(each.waiting));
      cell(row, String(each.running));
      cell(row, String(each.failed), each.failed > 0 ? 'failed' : '');
      queue.appendChild(row);
    });
    (data ? data.jobs : []).forEach(function (job) {
      var row = document.createElement('tr');
      row.className = 'job ' + job.state;
      row.setAttribute('data-id', job.id);
      cell(row, job.id);
      cell(row, job.name);
      cell(row, job.state);
      cell(row, job.attempts + ' / ' + job.maxAttempts);
      cell(row, new Date(job.runAt).toLocaleString());
      cell(row, job.lastError || '');
      cell(row, '');
      if (job.state === 'failed') button(row, 'retry', job.id);
      button(row, 'cancel', job.id);
      listed.appendChild(row);
    });
  }
  var timer;
  function refreshQueue() {
    clearTimeout(timer);
    fetch('${DEVTOOLS_PATH}.json?part=queue', { headers: { accept: 'application/json' } })
      .then(function (res) { return res.json(); })
      .then(function (data) { renderQueue(data.queue); })
      .catch(function () {})
      .then(function () { timer = setTimeout(refreshQueue, 1000); });
  }
  listed.addEventListener('click', function (event) {
    var target = event.target;
    var action = target.getAttribute && target.getAttribute('data-action');
    if (!action) return;
    target.disabled = true;
    var path = '${DEVTOOLS_PATH}/jobs/' + encodeURIComponent(target.getAttribute('data-id')) + '/' + action;
    fetch(path, { method: 'POST', headers: { accept: 'application/json' } })
      .catch(function () {})
      .then(refreshQueue);
  });
  refreshQueue();
})();
`;
