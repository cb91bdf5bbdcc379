/// The live page's JavaScript: the venue switcher, the click-to-route form (`POST /venues/{id}/routes`)
/// and the sessions of the service (`GET /sessions?venue=`), polled; drawn with the page's functions.
enum ViewerLiveScript {
    static let javascript = #"""
        window.IndoorViewerLive = function (D, V) {
        'use strict';
        var L = D.live, body = document.body, polls = 0, clickTarget = 'from';
        var form = document.getElementById('route-form'), status = document.getElementById('route-status');
        function clear(name) { D.levels.forEach(function (l) { var g = V.layer(l.id, name); if (g) g.textContent = ''; }); }
        function fmt(v, d) { return Number(v).toFixed(d); }
        document.getElementById('venue-select').addEventListener('change', function (e) {
          location.href = '/?venue=' + encodeURIComponent(e.target.value);
        });
        fetch('/venues/' + encodeURIComponent(L.venue) + '/pois').then(function (r) { return r.json(); }).then(function (j) {
          var list = document.getElementById('places');
          (j.pois || []).forEach(function (p) {
            var o = document.createElement('option'); o.value = p.id; o.textContent = p.name + ' (' + p.level + ')'; list.appendChild(o);
          });
        }).catch(function (e) { V.note('pois: ' + e); });
        document.getElementById('map').addEventListener('click', function (e) {
          if (V.moved()) return;
          var p = V.svgPoint(e.clientX, e.clientY);
          var x = D.frame.minX + p.x / D.frame.pixelsPerMeter, y = D.frame.maxY - p.y / D.frame.pixelsPerMeter;
          document.getElementById(clickTarget).value = fmt(x, 2) + ',' + fmt(y, 2) + '@' + V.current();
          clickTarget = clickTarget === 'from' ? 'to' : 'from';
        });
        function plan() {
          var avoid = Array.prototype.map.call(form.querySelectorAll('input[name=avoid]:checked'), function (c) { return c.value; });
          var request = { from: document.getElementById('from').value.trim(), to: document.getElementById('to').value.trim(),
                          mode: document.getElementById('mode').value, avoid: avoid };
          status.textContent = 'planning…';
          return fetch('/venues/' + encodeURIComponent(L.venue) + '/routes', {
            method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request)
          }).then(function (r) { return r.json().then(function (j) { return { ok: r.ok, json: j }; }); }).then(function (a) {
            clear('route');
            if (!a.ok) { status.textContent = (a.json.error && a.json.error.message) || 'the service refused the request'; return; }
            var notices = (a.json.notices || []).map(function (n) { return n.title; }).join('; ');
            if (!a.json.sections) { status.textContent = 'no route: ' + notices; body.setAttribute('data-routes', '0'); return; }
            V.drawRoute(a.json, 'route', '#1f5fbf', 'route planned');
            V.rescale();
            V.addLegend('route', 'planned route', '#1f5fbf', false);
            var firstLevel = a.json.sections[0].polyline[0].level;
            V.showLevel(firstLevel);
            status.textContent = fmt(a.json.lengthMeters, 0) + ' m, ' + fmt(a.json.durationSeconds / 60, 1) + ' min' + (notices ? ' — ' + notices : '');
            body.setAttribute('data-routes', '1');
          }).catch(function (e) { status.textContent = 'request failed'; V.note('route: ' + e); });
        }
        form.addEventListener('submit', function (e) { e.preventDefault(); plan(); });
        function poll() {
          return fetch('/sessions?venue=' + encodeURIComponent(L.venue)).then(function (r) { return r.json(); }).then(function (j) {
            clear('live');
            var list = document.getElementById('sessions'); list.textContent = '';
            (j.sessions || []).forEach(function (s) {
              if (s.route && s.route.sections) {
                V.drawRoute(s.route, 'live', '#ffbb78', 'session-route');
                V.addLegend('session-route', 'live session\u2019s route', '#ffbb78', false);
              }
              var loc = s.snappedLocation || s.fusedLocation;
              var li = document.createElement('li');
              li.textContent = s.id.slice(0, 8) + ' — ' + s.state.type + (loc ? ' on ' + loc.level : '');
              list.appendChild(li);
              if (!loc) return;
              var g = V.layer(loc.level, 'live'); if (!g) return;
              V.el('circle', { 'class': 'session-dot', 'data-r': 8, 'data-session': s.id, 'data-x': loc.x, 'data-y': loc.y, cx: fmt(V.sx(loc.x), 2),
                               cy: fmt(V.sy(loc.y), 2), r: 8, fill: '#ff7f0e', stroke: '#fff', 'stroke-width': 3 }, g,
                   'session ' + s.id + ': ' + s.state.type + ' at ' + fmt(loc.x, 1) + ', ' + fmt(loc.y, 1) + ' (' + loc.level + ')');
              V.addLegend('session', 'live session', '#ff7f0e', true);
            });
            V.rescale();
            polls += 1; body.setAttribute('data-polls', String(polls));
            document.getElementById('poll-status').textContent = (j.sessions || []).length + ' session(s), refreshed ' + new Date().toLocaleTimeString();
          }).catch(function (e) { document.getElementById('poll-status').textContent = 'service unreachable'; V.note('sessions: ' + e); });
        }
        poll();
        setInterval(poll, L.pollMilliseconds);
        if (V.params.has('from')) document.getElementById('from').value = V.params.get('from');
        if (V.params.has('to')) document.getElementById('to').value = V.params.get('to');
        if (V.params.has('plan')) plan();
        };
        """#
}
