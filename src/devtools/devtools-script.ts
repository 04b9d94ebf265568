import { DEVTOOLS_PATH } from './devtools-options';

/**
 * The page's one script, served as a file since the page's policy allows no inline script: it
 * asks for the latest requests every second and lists them, building the rows as text nodes,
 * never as markup, so what a client sent cannot become part of the page.
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
})();
`;
