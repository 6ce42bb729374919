/**
 * The page's script. Every view (totals, tables, fact colours, details,
 * filters) is computed here from the embedded JSON of the TraceResult, so
 * the page can never show something the gate did not decide.
 *
 * Content is only ever inserted with textContent / createElement: no
 * innerHTML of data. Kept as plain ES2020 in a string because the report
 * is one self-contained file (no template literals or `${` inside).
 */
// @implements factline#REPORT-FACTS-MARKED-BY-STATE
// @implements factline#REPORT-SUMMARY-PER-DOCUMENT-AND-SECTION
// @implements factline#REPORT-FILTERS-AND-SEARCH
// @implements factline#REPORT-DEEP-LINK-OPENS-FACT
// @implements factline#REPORT-KEYBOARD-USABLE
// @implements evidence#RESULTS-REPORT-SHOWS-OUTCOME
export const REPORT_JS = String.raw`
(function () {
  'use strict';
  var result = JSON.parse(document.getElementById('factline-result').textContent);
  var inputs = JSON.parse(document.getElementById('factline-inputs').textContent);

  var STATES = [
    ['verified', 'verified'],
    ['implemented', 'implemented only'],
    ['missing-implementation', 'missing implementation'],
    ['missing-verification', 'missing test'],
    ['missing', 'missing implementation and test'],
    ['stale', 'stale citation'],
    ['deviated', 'deviated'],
    ['pending', 'pending'],
    ['service', 'service unit'],
    ['void', 'void'],
  ];
  var LABEL = {};
  STATES.forEach(function (s) { LABEL[s[0]] = s[1]; });
  var GAP = { 'missing-implementation': 1, 'missing-verification': 1, 'missing': 1, 'stale': 1 };

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function factHash(f) { return '#' + f.doc + ':' + f.id; }

  var facts = result.facts;
  var byAddress = new Map();
  facts.forEach(function (f) { byAddress.set(f.address, f); });
  var snippets = new Map();
  (inputs.snippets || []).forEach(function (s) { snippets.set(s.citation, s); });
  var findingsByFact = new Map();
  (result.findings || []).forEach(function (f) {
    if (!f.fact) return;
    if (!findingsByFact.has(f.fact)) findingsByFact.set(f.fact, []);
    findingsByFact.get(f.fact).push(f);
  });

  // ---- tallies (sections; documents and totals come straight from the JSON summary)
  // Same rule as the gate's summary: facts that need evidence, counted by
  // whether a counted citation of each verb exists.
  var NO_EVIDENCE_DUE = { service: 1, pending: 1, void: 1 };
  function hasVerb(f, verb) {
    return f.citations.some(function (i) {
      var c = result.citations[i];
      return c && c.counted && c.verb === verb;
    });
  }
  function tally(list) {
    var t = { facts: list.length, implemented: 0, verified: 0, gaps: 0 };
    list.forEach(function (f) {
      if (!NO_EVIDENCE_DUE[f.state]) {
        if (hasVerb(f, 'implements')) t.implemented++;
        if (hasVerb(f, 'verifies')) t.verified++;
      }
      if (GAP[f.state]) t.gaps++;
    });
    return t;
  }
  function bar(list) {
    var counts = { verified: 0, implemented: 0, gap: 0, other: 0 };
    list.forEach(function (f) {
      if (f.state === 'verified') counts.verified++;
      else if (f.state === 'implemented') counts.implemented++;
      else if (GAP[f.state]) counts.gap++;
      else counts.other++;
    });
    var b = el('div', 'bar');
    b.setAttribute('role', 'img');
    b.setAttribute('aria-label', counts.verified + ' verified, ' + counts.implemented + ' implemented only, ' + counts.gap + ' gaps, ' + counts.other + ' other');
    ['verified', 'implemented', 'gap', 'other'].forEach(function (k) {
      if (!counts[k] || !list.length) return;
      var i = el('i', 'b-' + k);
      i.style.width = (100 * counts[k] / list.length) + '%';
      b.appendChild(i);
    });
    return b;
  }

  // ---- totals
  var s = result.summary;
  var gapTotal = facts.filter(function (f) { return GAP[f.state]; }).length;
  var totals = document.getElementById('totals');
  [
    ['facts', s.facts, 'facts', ''],
    ['required', s.required, 'need evidence', ''],
    ['implemented', s.implemented, 'implemented', ''],
    ['verified', s.verified, 'verified', 'ok'],
    ['missingImplementation', s.missingImplementation, 'missing implementation', s.missingImplementation ? 'gap' : ''],
    ['missingVerification', s.missingVerification, 'missing test', s.missingVerification ? 'gap' : ''],
    ['stale', s.stale, 'stale', s.stale ? 'gap' : ''],
    ['deviated', s.deviated, 'deviated', ''],
    ['pending', s.pending, 'pending', ''],
    ['service', s.service, 'service units', ''],
    ['errors', s.findings.error, 'error findings', s.findings.error ? 'gap' : ''],
    ['warnings', s.findings.warning, 'warnings', ''],
  ].forEach(function (t) {
    var box = el('div', 'total ' + t[3]);
    var b = el('b', '', t[1]);
    b.setAttribute('data-total', t[0]);
    box.appendChild(b);
    box.appendChild(el('span', '', t[2]));
    totals.appendChild(box);
  });
  var overall = document.getElementById('overall-bar');
  overall.appendChild(bar(facts));
  overall.setAttribute('data-gaps', String(gapTotal));

  // ---- per document / per section table
  var docs = result.documents.slice();
  facts.forEach(function (f) {
    if (!docs.some(function (d) { return d.doc === f.doc; })) docs.push({ doc: f.doc, file: f.file, summary: null });
  });
  var tbody = document.getElementById('summary-body');
  docs.forEach(function (d) {
    var own = facts.filter(function (f) { return f.doc === d.doc; });
    var t = tally(own);
    var sum = d.summary || { facts: t.facts, implemented: t.implemented, verified: t.verified };
    tbody.appendChild(summaryRow('doc-row', d.doc, null, d.doc, '#' + d.doc, sum, t.gaps, own));
    var order = [];
    var groups = new Map();
    own.forEach(function (f) {
      var key = f.section || '';
      if (!groups.has(key)) { groups.set(key, []); order.push(key); }
      groups.get(key).push(f);
    });
    order.forEach(function (key) {
      var list = groups.get(key);
      var st = tally(list);
      var heading = key ? document.querySelector('article.doc[data-doc="' + CSS.escape(d.doc) + '"] [data-section="' + CSS.escape(key) + '"]') : null;
      var label = heading ? heading.textContent : (key || '(before first heading)');
      tbody.appendChild(summaryRow('section-row', d.doc, key, label, '#' + d.doc + ':' + key, st, st.gaps, list));
    });
  });

  // One summary table row: a linked name, the counts, the gaps and a bar of the facts' states.
  function summaryRow(className, doc, section, label, href, counts, gaps, list) {
    var row = el('tr', className);
    row.setAttribute('data-doc', doc);
    if (section !== null) row.setAttribute('data-section', section);
    var name = el('td');
    var link = el('a', '', label);
    link.href = href;
    name.appendChild(link);
    row.appendChild(name);
    row.appendChild(el('td', 'n-facts', counts.facts));
    row.appendChild(el('td', 'n-implemented', counts.implemented));
    row.appendChild(el('td', 'n-verified', counts.verified));
    row.appendChild(el('td', 'gaps' + (gaps ? ' nonzero' : ''), gaps));
    var cell = el('td');
    cell.appendChild(bar(list));
    row.appendChild(cell);
    return row;
  }

  // ---- findings that belong to no fact (unknown ids, spec diagnostics, drift)
  var loose = (result.findings || []).filter(function (f) { return !f.fact || !byAddress.has(f.fact); });
  var fl = document.getElementById('loose-findings');
  if (!loose.length) fl.appendChild(el('p', 'empty', 'None.'));
  else {
    var ul = el('ul', 'findings-list');
    loose.forEach(function (f) {
      var li = el('li');
      li.appendChild(el('code', '', f.file + ':' + f.line + ':' + f.column));
      li.appendChild(document.createTextNode(' ' + f.severity + ' ' + f.rule + ' ' + f.message));
      ul.appendChild(li);
    });
    fl.appendChild(ul);
  }

  // ---- the specs: decorate every marked unit from the JSON
  var main = document.getElementById('specs');
  function articleFor(doc) {
    var found = main.querySelector('article.doc[data-doc="' + CSS.escape(doc) + '"]');
    if (found) return found;
    var art = el('article', 'doc');
    art.setAttribute('data-doc', doc);
    art.appendChild(el('div', 'spec'));
    main.appendChild(art);
    return art;
  }
  docs.forEach(function (d) {
    var art = articleFor(d.doc);
    var head = el('div', 'doc-head');
    head.appendChild(el('strong', '', d.doc));
    head.appendChild(el('span', '', d.file));
    var t = tally(facts.filter(function (f) { return f.doc === d.doc; }));
    head.appendChild(el('span', '', t.facts + ' facts · ' + t.verified + ' verified · ' + t.gaps + ' gaps'));
    art.insertBefore(head, art.firstChild);
  });

  var factEls = [];
  function decorate(node, f) {
    node.classList.add('fact', 's-' + f.state);
    node.tabIndex = 0;
    node.setAttribute('role', 'button');
    node.setAttribute('aria-expanded', 'false');
    node.setAttribute('aria-label', f.id + ', ' + (LABEL[f.state] || f.state));
    node.setAttribute('data-state', f.state);
    var badge = el('span', 'badge', LABEL[f.state] || f.state);
    var id = el('span', 'fact-id', f.id);
    node.insertBefore(id, node.firstChild);
    node.insertBefore(badge, node.firstChild);
    factEls.push(node);
  }
  var placed = new Set();
  document.querySelectorAll('.spec [data-fact]').forEach(function (node) {
    var f = byAddress.get(node.getAttribute('data-fact'));
    if (!f || placed.has(f.address)) { node.removeAttribute('data-fact'); return; }
    placed.add(f.address);
    decorate(node, f);
  });
  // Facts whose unit the renderer could not find (source missing) still show, from their JSON text.
  docs.forEach(function (d) {
    var rest = facts.filter(function (f) { return f.doc === d.doc && !placed.has(f.address); });
    if (!rest.length) return;
    var spec = articleFor(d.doc).querySelector('.spec');
    var h = el('h3', 'unplaced-head', 'Facts not found in the rendered spec');
    h.setAttribute('data-section', '');
    spec.appendChild(h);
    rest.forEach(function (f) {
      var p = el('p', '', f.text);
      p.setAttribute('data-fact', f.address);
      spec.appendChild(p);
      placed.add(f.address);
      decorate(p, f);
    });
  });

  // ---- details: the citing code, inline under the fact
  function renderSnippet(c, idx) {
    var fig = el('figure', 'cite');
    var cap = el('figcaption');
    cap.appendChild(el('span', 'verb verb-' + c.verb, c.verb));
    cap.appendChild(el('span', 'where', c.file + ':' + c.line));
    var sym = c.testName ? 'test: ' + c.testName : c.symbol;
    if (sym) cap.appendChild(el('span', 'symbol', sym));
    if (c.reason) cap.appendChild(el('span', 'symbol', 'reason: ' + c.reason));
    if (!c.counted) cap.appendChild(el('span', 'uncounted', 'not counted' + (c.pin ? ' (pin ~' + c.pin + ')' : '')));
    // [evidence, issue 11] the citing test's outcome from --results, beside its snippet.
    if (c.outcome) {
      var oc = el('span', 'outcome outcome-' + c.outcome.status, 'test ' + c.outcome.status);
      if (c.outcome.failure) oc.title = c.outcome.failure;
      cap.appendChild(oc);
    }
    // [/evidence]
    fig.appendChild(cap);
    var sn = snippets.get(idx);
    if (!sn) {
      // Beyond the per-fact snippet budget (or unreadable): location only.
      fig.classList.add('no-snippet');
      return fig;
    }
    var pre = el('pre', 'snippet');
    sn.lines.forEach(function (line, i) {
      var n = sn.startLine + i;
      var span = el('span', 'ln' + (n === c.line ? ' here' : ''), line);
      span.setAttribute('data-n', String(n));
      pre.appendChild(span);
    });
    fig.appendChild(pre);
    return fig;
  }
  function buildDetail(f) {
    var box = el('div', 'detail');
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', 'Evidence for ' + f.address);
    var head = el('div', 'detail-head');
    head.appendChild(el('code', '', f.address));
    head.appendChild(el('span', '', 'status ' + f.status.stage + '/' + f.status.state));
    head.appendChild(el('span', '', 'needs ' + (f.required.length ? f.required.join(' + ') : 'nothing')));
    head.appendChild(el('span', '', f.file + ':' + f.line));
    var link = el('a', 'permalink', 'link');
    link.href = factHash(f);
    head.appendChild(link);
    box.appendChild(head);
    var fs = findingsByFact.get(f.address) || [];
    if (fs.length) {
      var ul = el('ul', 'findings');
      fs.forEach(function (x) {
        var li = el('li', '', x.rule + ': ' + x.message);
        if (x.fix) li.appendChild(el('span', 'fix', ' — ' + x.fix));
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
    if (!f.citations.length) box.appendChild(el('p', 'none', 'No code cites this fact.'));
    f.citations.forEach(function (idx) {
      var c = result.citations[idx];
      if (c) box.appendChild(renderSnippet(c, idx));
    });
    return box;
  }
  function isOpen(node) { return node.classList.contains('open'); }
  function open(node) {
    if (isOpen(node)) return;
    var f = byAddress.get(node.getAttribute('data-fact'));
    node.classList.add('open');
    node.setAttribute('aria-expanded', 'true');
    var detail = buildDetail(f);
    if (node.tagName === 'P') node.after(detail); else node.appendChild(detail);
    node._detail = detail;
  }
  function close(node) {
    if (!isOpen(node)) return;
    node.classList.remove('open');
    node.setAttribute('aria-expanded', 'false');
    if (node._detail) node._detail.remove();
    node._detail = null;
  }
  function toggle(node) {
    if (isOpen(node)) close(node);
    else {
      open(node);
      var f = byAddress.get(node.getAttribute('data-fact'));
      history.replaceState(null, '', factHash(f));
    }
  }
  main.addEventListener('click', function (ev) {
    var t = ev.target;
    if (t.closest('.detail') || t.closest('a')) return;
    var node = t.closest('[data-fact].fact');
    if (node) toggle(node);
  });
  main.addEventListener('keydown', function (ev) {
    var node = ev.target;
    if (!node.classList || !node.classList.contains('fact')) return;
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); toggle(node); }
    else if (ev.key === 'Escape') close(node);
    else if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      var visible = factEls.filter(function (n) { return n.offsetParent !== null; });
      var i = visible.indexOf(node) + (ev.key === 'ArrowDown' ? 1 : -1);
      if (visible[i]) { ev.preventDefault(); visible[i].focus(); }
    }
  });

  // ---- filters and search
  var search = document.getElementById('search');
  var gapsOnly = document.getElementById('gaps-only');
  var docSelect = document.getElementById('doc-filter');
  var chips = document.getElementById('state-chips');
  var stateCount = {};
  facts.forEach(function (f) { stateCount[f.state] = (stateCount[f.state] || 0) + 1; });
  docs.forEach(function (d) {
    var o = el('option', '', d.doc);
    o.value = d.doc;
    docSelect.appendChild(o);
  });
  STATES.forEach(function (st) {
    if (!stateCount[st[0]]) return;
    var label = el('label', 'chip s-' + st[0]);
    var box = el('input');
    box.type = 'checkbox';
    box.checked = true;
    box.value = st[0];
    label.appendChild(box);
    label.appendChild(el('span', 'dot'));
    label.appendChild(document.createTextNode(st[1] + ' ' + stateCount[st[0]]));
    chips.appendChild(label);
  });
  function criteria() {
    var states = {};
    chips.querySelectorAll('input').forEach(function (i) { if (i.checked) states[i.value] = 1; });
    var words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    return { states: states, words: words, gaps: gapsOnly.checked, doc: docSelect.value };
  }
  function matches(f, c) {
    if (c.doc && f.doc !== c.doc) return false;
    if (!c.states[f.state]) return false;
    if (c.gaps && !GAP[f.state]) return false;
    if (!c.words.length) return true;
    var hay = (f.address + ' ' + f.text).toLowerCase();
    return c.words.every(function (w) { return hay.indexOf(w) !== -1; });
  }
  function apply() {
    var c = criteria();
    var active = c.gaps || c.words.length > 0 || Object.keys(c.states).length < Object.keys(stateCount).length;
    var shown = 0;
    factEls.forEach(function (node) {
      var f = byAddress.get(node.getAttribute('data-fact'));
      var ok = matches(f, c);
      node.classList.toggle('out', !ok);
      node.classList.toggle('hit', ok && c.words.length > 0);
      if (ok) shown++;
    });
    // A list item filtered out but holding a nested fact that matches stays,
    // dimmed: hiding it would hide the match too.
    factEls.forEach(function (node) {
      var keep = node.classList.contains('out') && !!node.querySelector('[data-fact].fact:not(.out)');
      if (keep) node.classList.remove('out');
      node.classList.toggle('dim', keep);
    });
    document.body.classList.toggle('filtering', active);
    main.querySelectorAll('article.doc').forEach(function (art) {
      art.classList.toggle('out', !!c.doc && art.getAttribute('data-doc') !== c.doc);
      var blocks = Array.prototype.slice.call(art.querySelector('.spec').children);
      blocks.forEach(function (b) {
        var vis = (b.matches('[data-fact]') && !b.classList.contains('out')) || !!b.querySelector('[data-fact]:not(.out)');
        b.classList.toggle('has-visible', vis);
      });
      blocks.forEach(function (b, i) {
        var m = /^H([1-6])$/.exec(b.tagName);
        if (!m) return;
        var level = Number(m[1]);
        var any = false;
        for (var j = i + 1; j < blocks.length; j++) {
          var n = /^H([1-6])$/.exec(blocks[j].tagName);
          if (n && Number(n[1]) <= level) break;
          if (blocks[j].classList.contains('has-visible')) { any = true; break; }
        }
        b.classList.toggle('quiet', active && !any);
      });
    });
    document.getElementById('status-line').textContent = active ? shown + ' of ' + factEls.length + ' facts shown' : factEls.length + ' facts';
  }
  search.addEventListener('input', apply);
  gapsOnly.addEventListener('change', apply);
  docSelect.addEventListener('change', apply);
  chips.addEventListener('change', apply);
  search.addEventListener('keydown', function (ev) {
    if (ev.key === 'Escape') { search.value = ''; apply(); search.blur(); }
    if (ev.key === 'Enter') {
      var first = factEls.find(function (n) { return !n.classList.contains('out'); });
      if (first) { first.focus(); first.scrollIntoView({ block: 'center' }); }
    }
  });
  document.addEventListener('keydown', function (ev) {
    var t = ev.target;
    var typing = t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA');
    if (ev.key === '/' && !typing) { ev.preventDefault(); search.focus(); search.select(); }
  });

  // ---- deep links: #doc:ID opens a fact, #doc:section scrolls to a heading, #doc to a document
  function reveal(node) {
    if (node.classList.contains('out') || node.closest('article.doc.out')) {
      search.value = '';
      gapsOnly.checked = false;
      docSelect.value = '';
      chips.querySelectorAll('input').forEach(function (i) { i.checked = true; });
      apply();
    }
  }
  function follow() {
    var raw = decodeURIComponent(location.hash.slice(1));
    if (!raw) return;
    var cut = raw.lastIndexOf(':');
    var doc = cut === -1 ? raw : raw.slice(0, cut);
    var id = cut === -1 ? '' : raw.slice(cut + 1);
    var node = id ? main.querySelector('[data-fact="' + CSS.escape(doc + '#' + id) + '"]') : null;
    if (node) {
      reveal(node);
      open(node);
      node.scrollIntoView({ block: 'start' });
      node.focus({ preventScroll: true });
      return;
    }
    var art = main.querySelector('article.doc[data-doc="' + CSS.escape(doc) + '"]');
    if (!art) {
      // A spec's own in-page link (#anchor) names a section, not a document.
      var heading = cut === -1 ? main.querySelector('[data-section="' + CSS.escape(raw) + '"]') : null;
      if (heading) heading.scrollIntoView({ block: 'start' });
      return;
    }
    var target = id ? art.querySelector('[data-section="' + CSS.escape(id) + '"]') : art;
    if (target) target.scrollIntoView({ block: 'start' });
  }
  window.addEventListener('hashchange', follow);
  apply();
  follow();
  document.body.setAttribute('data-ready', 'true');
})();
`;
