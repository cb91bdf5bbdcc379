/// The page's JavaScript (plain, no library): level switching, pan and zoom, drawing routes and tracks,
/// the time slider, and in live pages the route form and session polling. Page state for tests and
/// tools is kept in `body` attributes: `data-status`, `data-level`, `data-errors`, `data-routes`,
/// `data-polls`. The URL fragment can preset `level=ID`, `t=SECONDS`, and `from=…&to=…&plan` (live).
enum ViewerScript {
    /// The live part first (it defines `IndoorViewerLive`), then the page.
    static var javascript: String { ViewerLiveScript.javascript + "\n" + page }

    static let page = #"""
        (function () {
        'use strict';
        var body = document.body, errors = [];
        function note(text) {
          errors.push(String(text));
          var pre = document.getElementById('errors');
          if (pre) { pre.hidden = false; pre.textContent = errors.join('\n'); }
          body.setAttribute('data-errors', String(errors.length));
        }
        window.addEventListener('error', function (e) { note('error: ' + e.message); });
        window.addEventListener('unhandledrejection', function (e) { note('rejected: ' + (e.reason && e.reason.message || e.reason)); });
        var consoleError = console.error;
        console.error = function () { note(Array.prototype.join.call(arguments, ' ')); consoleError.apply(console, arguments); };

        var D = JSON.parse(document.getElementById('viewer-data').textContent);
        var NS = 'http://www.w3.org/2000/svg', F = D.frame, svg = document.getElementById('map');
        var params = new URLSearchParams(location.hash.slice(1));
        var groups = {}, current = null, legend = {};
        svg.querySelectorAll('g.level').forEach(function (g) { groups[g.getAttribute('data-level')] = g; });
        function sx(x) { return (x - F.minX) * F.pixelsPerMeter; }
        function sy(y) { return (F.maxY - y) * F.pixelsPerMeter; }
        function el(name, attrs, parent, text) {
          var e = document.createElementNS(NS, name);
          Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
          if (text !== undefined) { var t = document.createElementNS(NS, 'title'); t.textContent = text; e.appendChild(t); }
          if (parent) parent.appendChild(e);
          return e;
        }
        function layer(level, name) { var g = groups[level]; return g ? g.querySelector('g.' + name) : null; }
        function fmt(v, d) { return Number(v).toFixed(d); }

        // Legend: only what is drawn.
        function addLegend(key, text, color, mark) {
          if (legend[key]) return;
          legend[key] = true;
          var li = document.createElement('li'), sw = document.createElement('span');
          sw.className = 'swatch' + (mark ? ' mark' : ''); sw.style.background = color;
          li.appendChild(sw); li.appendChild(document.createTextNode(text));
          li.setAttribute('data-key', key);
          document.getElementById('legend-items').appendChild(li);
        }

        // Levels.
        function fitLevel(id) {
          var l = D.levels.filter(function (x) { return x.id === id; })[0];
          view = l && l.view ? { x: l.view[0], y: l.view[1], w: l.view[2], h: l.view[3] } : { x: 0, y: 0, w: F.width, h: F.height };
          applyView();
        }
        function baseLegend(id) {
          var list = document.getElementById('legend-base'); list.textContent = '';
          var l = D.levels.filter(function (x) { return x.id === id; })[0];
          ((l && l.legend) || []).forEach(function (e) {
            var li = document.createElement('li'), sw = document.createElement('span');
            sw.className = 'swatch' + (e.symbol === 'marker' ? ' mark' : ''); sw.style.background = e.color;
            if (e.symbol === 'area') { sw.style.height = '10px'; sw.style.width = '16px'; }
            li.appendChild(sw); li.appendChild(document.createTextNode(e.name)); list.appendChild(li);
          });
        }
        // Markers and dots keep their size on screen, labels never outgrow the size they were placed at.
        function screenUnits() {
          var rect = svg.getBoundingClientRect();
          return rect.width && rect.height ? Math.max(view.w / rect.width, view.h / rect.height) : 1;
        }
        function rescale() {
          var g = groups[current]; if (!g) return;
          var u = screenUnits();
          g.querySelectorAll('circle').forEach(function (c) {
            if (c.parentNode.hasAttribute('data-x')) return;
            if (!c.hasAttribute('data-r')) c.setAttribute('data-r', Number(c.getAttribute('r')) * 1.4);
            c.setAttribute('r', fmt(Number(c.getAttribute('data-r')) * u, 3));
          });
          g.querySelectorAll('g[data-x]').forEach(function (m) {
            m.setAttribute('transform', 'translate(' + m.getAttribute('data-x') + ',' + m.getAttribute('data-y') + ') scale(' + fmt(u, 4) + ')');
          });
          g.querySelectorAll('text.label').forEach(function (t) {
            if (!t.hasAttribute('data-size')) t.setAttribute('data-size', t.getAttribute('font-size'));
            t.setAttribute('font-size', fmt(Math.min(Number(t.getAttribute('data-size')), 13 * u), 2));
            t.setAttribute('stroke-width', fmt(Math.min(3, 3 * u), 2));
          });
        }
        function showLevel(id, fit) {
          if (!groups[id]) return;
          var changed = current !== id;
          current = id;
          if (changed) baseLegend(id);
          if (fit) fitLevel(id);
          Object.keys(groups).forEach(function (k) { groups[k].style.display = k === id ? '' : 'none'; });
          document.querySelectorAll('#levels button').forEach(function (b) { b.classList.toggle('active', b.getAttribute('data-level') === id); });
          body.setAttribute('data-level', id);
          rescale();
        }
        document.querySelectorAll('#levels button').forEach(function (b) {
          b.addEventListener('click', function () { showLevel(b.getAttribute('data-level'), true); });
        });

        // Pan and zoom on the viewBox.
        var view = { x: 0, y: 0, w: F.width, h: F.height };
        function applyView() {
          svg.setAttribute('viewBox', [view.x, view.y, view.w, view.h].map(function (v) { return fmt(v, 2); }).join(' '));
          updateScale();
          rescale();
        }
        function zoom(factor, cx, cy) {
          var w = Math.min(Math.max(view.w * factor, F.width / 200), F.width * 4), k = w / view.w;
          view.x = cx - (cx - view.x) * k; view.y = cy - (cy - view.y) * k; view.w = w; view.h = view.h * k;
          applyView();
        }
        function svgPoint(clientX, clientY) {
          var m = svg.getScreenCTM();
          if (!m) return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
          var p = svg.createSVGPoint(); p.x = clientX; p.y = clientY;
          return p.matrixTransform(m.inverse());
        }
        svg.addEventListener('wheel', function (e) {
          e.preventDefault();
          var p = svgPoint(e.clientX, e.clientY);
          zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, p.x, p.y);
        }, { passive: false });
        var drag = null, moved = false;
        svg.addEventListener('pointerdown', function (e) { drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y }; moved = false; });
        svg.addEventListener('pointermove', function (e) {
          if (!drag) return;
          var rect = svg.getBoundingClientRect(), s = Math.max(view.w / rect.width, view.h / rect.height);
          if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) > 3) { moved = true; svg.classList.add('dragging'); }
          view.x = drag.vx - (e.clientX - drag.x) * s; view.y = drag.vy - (e.clientY - drag.y) * s;
          applyView();
        });
        window.addEventListener('pointerup', function () { drag = null; svg.classList.remove('dragging'); });
        document.querySelectorAll('#zoom button').forEach(function (b) {
          b.addEventListener('click', function () {
            var z = b.getAttribute('data-zoom');
            if (z === 'fit') { fitLevel(current); return; }
            zoom(z === 'in' ? 1 / 1.5 : 1.5, view.x + view.w / 2, view.y + view.h / 2);
          });
        });
        function updateScale() {
          var rect = svg.getBoundingClientRect();
          if (!rect.width) return;
          var metersPerScreenPixel = Math.max(view.w / rect.width, view.h / rect.height) / F.pixelsPerMeter;
          var target = metersPerScreenPixel * 120, steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];
          var meters = steps.filter(function (s) { return s <= target; }).pop() || 1;
          document.getElementById('scale-bar').style.width = fmt(meters / metersPerScreenPixel, 0) + 'px';
          document.getElementById('scale-text').textContent = meters >= 1000 ? (meters / 1000) + ' km' : meters + ' m';
        }
        window.addEventListener('resize', updateScale);

        // Routes: a polyline per level run, start and end markers, connector markers at level changes.
        function polyline(points, parent, attrs, title) {
          if (points.length < 2) return null;
          attrs.points = points.map(function (p) { return fmt(sx(p.x), 2) + ',' + fmt(sy(p.y), 2); }).join(' ');
          attrs.fill = 'none'; attrs['stroke-linejoin'] = 'round'; attrs['stroke-linecap'] = 'round';
          return el('polyline', attrs, parent, title);
        }
        function marker(p, level, layerName, color, letter, title, cls) {
          var g = layer(level, layerName); if (!g) return;
          var m = el('g', { 'class': cls, 'data-x': fmt(sx(p.x), 2), 'data-y': fmt(sy(p.y), 2),
                            transform: 'translate(' + fmt(sx(p.x), 2) + ',' + fmt(sy(p.y), 2) + ')' }, g, title);
          el('circle', { r: 9, fill: color, stroke: '#fff', 'stroke-width': 2 }, m);
          var t = el('text', { 'text-anchor': 'middle', y: 4, 'font-size': 11, 'font-weight': 'bold', fill: '#fff', 'font-family': 'sans-serif' }, m);
          t.textContent = letter;
        }
        function drawRoute(route, layerName, color, cls) {
          var sections = (route && route.sections) || [];
          var all = [];
          sections.forEach(function (s) { (s.polyline || []).forEach(function (p) { all.push(p); }); });
          if (all.length === 0) return 0;
          var run = [all[0]];
          function flush() {
            var g = layer(run[0].level, layerName);
            if (g) {
              polyline(run, g, { stroke: '#ffffff', 'stroke-width': 11, 'class': cls + ' casing' });
              polyline(run, g, { stroke: color, 'stroke-width': 7, opacity: 0.55, 'class': cls }, 'route, ' + fmt(route.lengthMeters || 0, 0) + ' m');
            }
          }
          for (var i = 1; i < all.length; i++) {
            if (all[i].level !== run[run.length - 1].level) { flush(); run = [all[i]]; } else run.push(all[i]);
          }
          flush();
          var first = all[0], last = all[all.length - 1];
          marker(first, first.level, layerName, '#2ca02c', 'A', 'start', cls + ' start');
          marker(last, last.level, layerName, '#d62728', 'B', 'destination', cls + ' end');
          addLegend('start', 'start (A) / destination (B)', '#2ca02c', true);
          sections.forEach(function (s) {
            (s.maneuvers || []).forEach(function (m) {
              if (m.action === 'levelChange') {
                var c = m.levelChange || {};
                marker(m, m.level, layerName, '#7a3db8', '⇅', m.instruction + (c.toLevel ? ' (to ' + c.toLevel + ')' : ''), cls + ' connector');
                if (c.toLevel && c.toLevel !== m.level) marker(m, c.toLevel, layerName, '#7a3db8', '⇅', 'arrive from ' + m.level, cls + ' connector');
                addLegend('connector', 'level change (stairs, lift…)', '#7a3db8', true);
              }
            });
          });
          return all.length;
        }

        // Tracks and the time slider.
        var tracks = D.tracks || [], tmin = Infinity, tmax = -Infinity;
        tracks.forEach(function (tr) {
          var runs = {}, pts = tr.points;
          pts.forEach(function (p) { tmin = Math.min(tmin, p[0]); tmax = Math.max(tmax, p[0]); });
          var run = [], lvl;
          function flush() {
            var levels = lvl === null ? Object.keys(groups) : [lvl];
            levels.forEach(function (l) {
              var g = layer(l, 'tracks'); if (!g) return;
              var pl = polyline(run, g, { stroke: tr.color, 'stroke-width': tr.kind === 'truth' ? 2.5 : 2, opacity: 0.9, 'class': 'track ' + tr.kind }, tr.name);
              if (pl && tr.kind === 'truth') pl.setAttribute('stroke-dasharray', '6 3');
            });
          }
          if (/Fixes$/.test(tr.kind)) {
            // Fixes are scattered points, not a path.
            pts.forEach(function (p) {
              (p[3] === null ? Object.keys(groups) : [p[3]]).forEach(function (l) {
                var g = layer(l, 'tracks'); if (!g) return;
                el('circle', { 'class': 'track ' + tr.kind, cx: fmt(sx(p[1]), 2), cy: fmt(sy(p[2]), 2), r: 3, 'data-r': 3, fill: tr.color, opacity: 0.7 }, g,
                   tr.name + ' at ' + fmt(p[0], 1) + ' s');
              });
            });
            if (pts.length) addLegend('track-' + tr.kind, tr.name, tr.color, true);
            return;
          }
          pts.forEach(function (p) {
            var l = p[3];
            if (run.length && l !== lvl) { flush(); run = []; }
            lvl = l; run.push({ x: p[1], y: p[2] });
          });
          if (run.length) flush();
          if (pts.length) addLegend('track-' + tr.kind, tr.name, tr.color, false);
          if (tr.kind === 'truth' && pts.length > 1) {
            var a = pts[0], b = pts[pts.length - 1];
            marker({ x: a[1], y: a[2] }, a[3] || current || D.initialLevel, 'tracks', '#2ca02c', 'S', 'start of the walk at ' + fmt(a[0], 1) + ' s', 'walk-start');
            marker({ x: b[1], y: b[2] }, b[3] || current || D.initialLevel, 'tracks', '#d62728', 'E', 'end of the walk at ' + fmt(b[0], 1) + ' s', 'walk-end');
            addLegend('walk-ends', 'start (S) / end (E) of the walk', '#2ca02c', true);
          }
        });
        function at(tr, t) {
          var pts = tr.points, lo = 0, hi = pts.length - 1;
          if (!pts.length || t < pts[0][0]) return null;
          while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (pts[mid][0] <= t) lo = mid; else hi = mid - 1; }
          return pts[lo];
        }
        var dotTrack = ['snapped', 'fused', 'deadReckoning', 'truth'].map(function (k) {
          return tracks.filter(function (tr) { return tr.kind === k && tr.points.length; })[0];
        }).filter(Boolean)[0];
        var truthTrack = tracks.filter(function (tr) { return tr.kind === 'truth'; })[0];
        function setTime(t) {
          document.getElementById('time-text').textContent = fmt(t, 1) + ' s';
          Object.keys(groups).forEach(function (k) { layer(k, 'dot').textContent = ''; });
          var info = '';
          if (dotTrack) {
            var p = at(dotTrack, t);
            if (p) {
              var level = p[3] || current, truth = truthTrack ? at(truthTrack, t) : null;
              var err = truth ? Math.hypot(truth[1] - p[1], truth[2] - p[2]) : null;
              info = dotTrack.name + ' at ' + fmt(p[0], 1) + ' s' + (err === null ? '' : ', ' + fmt(err, 1) + ' m from the truth');
              if (level !== current) showLevel(level);
              var d = el('circle', { 'class': 'user-dot', cx: fmt(sx(p[1]), 2), cy: fmt(sy(p[2]), 2), r: 8, 'data-r': 8, fill: '#1f5fbf',
                                     stroke: '#fff', 'stroke-width': 3, 'data-x': p[1], 'data-y': p[2] }, layer(level, 'dot'), info);
              if (truth && (truth[3] || level) === level) {
                el('circle', { 'class': 'truth-dot', cx: fmt(sx(truth[1]), 2), cy: fmt(sy(truth[2]), 2), r: 5, 'data-r': 5, fill: '#222', stroke: '#fff', 'stroke-width': 2 },
                   layer(level, 'dot'), 'ground truth at ' + fmt(truth[0], 1) + ' s');
              }
              d.parentNode.appendChild(d);
            }
          }
          document.getElementById('dot-info').textContent = info;
          rescale();
          var list = document.getElementById('events'); list.textContent = '';
          var past = (D.events || []).filter(function (e) { return e.t <= t + 1e-9; }).slice(-8);
          past.forEach(function (e, i) {
            var li = document.createElement('li'); li.textContent = fmt(e.t, 1) + ' s  ' + e.text;
            if (i === past.length - 1) li.className = 'now';
            list.appendChild(li);
          });
          body.setAttribute('data-time', fmt(t, 1));
        }
        if (isFinite(tmin)) {
          var slider = document.getElementById('slider');
          document.getElementById('time').hidden = false;
          slider.min = tmin; slider.max = tmax; slider.value = tmin;
          slider.addEventListener('input', function () { setTime(Number(slider.value)); });
          addLegend('dot', 'you (at the slider\u2019s time)', '#1f5fbf', true);
        }

        // Off-route, reroute and arrival events where the user was at the time.
        var eventLooks = { offRoute: ['#ff7f0e', '!', 'off route'], reroute: ['#e377c2', '↻', 'rerouted'], arrival: ['#d62728', '✓', 'arrived'] };
        (D.events || []).forEach(function (e) {
          var look = eventLooks[e.kind], source = dotTrack || truthTrack;
          if (!look || !source) return;
          var p = at(source, e.t) || source.points[0];
          marker({ x: p[1], y: p[2] }, p[3] || D.initialLevel, 'tracks', look[0], look[1], fmt(e.t, 1) + ' s  ' + e.text, 'event ' + e.kind);
          addLegend('event-' + e.kind, look[2], look[0], true);
        });

        // Hover a track: its time and the error to the truth at that time; a click moves the slider there.
        var tip = document.getElementById('tip'), hovered = null;
        function nearest(clientX, clientY) {
          var p = svgPoint(clientX, clientY), rect = svg.getBoundingClientRect();
          var perPixel = Math.max(view.w / rect.width, view.h / rect.height), best = null, bestD = 12 * perPixel;
          tracks.forEach(function (tr) {
            tr.points.forEach(function (q) {
              if (q[3] !== null && q[3] !== current) return;
              var d = Math.hypot(sx(q[1]) - p.x, sy(q[2]) - p.y);
              if (d < bestD) { bestD = d; best = { track: tr, point: q }; }
            });
          });
          return best;
        }
        if (tip && tracks.length) {
          svg.addEventListener('mousemove', function (e) {
            if (drag) return;
            hovered = nearest(e.clientX, e.clientY);
            if (!hovered) { tip.hidden = true; return; }
            var q = hovered.point, truth = truthTrack && hovered.track !== truthTrack ? at(truthTrack, q[0]) : null;
            tip.textContent = hovered.track.name + ' · ' + fmt(q[0], 1) + ' s' + (truth ? ' · ' + fmt(Math.hypot(truth[1] - q[1], truth[2] - q[2]), 1) + ' m from the truth' : '');
            var r = svg.parentNode.getBoundingClientRect();
            tip.style.left = (e.clientX - r.left + 12) + 'px'; tip.style.top = (e.clientY - r.top + 12) + 'px'; tip.hidden = false;
          });
          svg.addEventListener('mouseleave', function () { tip.hidden = true; });
          svg.addEventListener('click', function () {
            if (!hovered || moved || !isFinite(tmin)) return;
            var slider = document.getElementById('slider'); slider.value = hovered.point[0]; setTime(hovered.point[0]);
          });
        }

        var drawn = 0;
        var routeColors = ['#1f5fbf', '#e377c2', '#8c564b', '#bcbd22', '#7f7f7f'];
        (D.routes || []).forEach(function (r, i) {
          var color = routeColors[i % routeColors.length], name = (D.routeNames || [])[i] || (i === 0 ? 'planned route' : 'route ' + (i + 1));
          drawn += drawRoute(r, 'route', color, 'route route-' + i) ? 1 : 0;
          addLegend('route-' + i, name, color, false);
        });
        body.setAttribute('data-routes', String(drawn));
        showLevel(params.get('level') && groups[params.get('level')] ? params.get('level') : D.initialLevel, true);
        if (isFinite(tmin)) {
          var t0 = params.has('t') ? Math.min(Math.max(Number(params.get('t')), tmin), tmax) : tmin;
          document.getElementById('slider').value = t0; setTime(t0);
          if (params.get('level') && groups[params.get('level')]) showLevel(params.get('level'));
        }
        if (D.live) window.IndoorViewerLive(D, { layer: layer, rescale: rescale, drawRoute: drawRoute, showLevel: showLevel, svgPoint: svgPoint, el: el,
          sx: sx, sy: sy, current: function () { return current; }, moved: function () { return moved; }, addLegend: addLegend, params: params, note: note });
        body.setAttribute('data-status', 'ready');
        })();
        """#
}
