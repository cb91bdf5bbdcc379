/// The page's CSS: header with the level switcher, the map filling the left, panels on the right (the
/// legend never covers the plan).
enum ViewerStyleSheet {
    static let css = """
        *{box-sizing:border-box}html,body{margin:0;height:100%;font:14px/1.35 system-ui,sans-serif;color:#222;background:#f3f3f1}
        header{display:flex;align-items:center;gap:12px;padding:6px 12px;background:#fff;border-bottom:1px solid #ccc;flex-wrap:wrap}
        h1{font-size:16px;margin:0}h2{font-size:13px;margin:0 0 6px;text-transform:uppercase;letter-spacing:.04em;color:#555}
        #levels button,#zoom button{border:1px solid #999;background:#fff;padding:3px 9px;margin-right:3px;border-radius:3px;cursor:pointer}
        #levels button.active{background:#1f5fbf;color:#fff;border-color:#1f5fbf}
        main{display:flex;height:calc(100% - 44px)}#map-wrap{position:relative;flex:1;min-width:0;background:#fff}
        #map{width:100%;height:100%;display:block;cursor:grab;touch-action:none}#map.dragging{cursor:grabbing}
        #north{position:absolute;top:8px;left:8px;background:rgba(255,255,255,.85);border:1px solid #999;border-radius:3px;padding:2px 6px;text-align:center;font-weight:bold;font-size:12px;line-height:1.1}
        #scale{position:absolute;left:8px;bottom:8px;background:rgba(255,255,255,.85);padding:2px 6px;border-radius:3px;font-size:12px}
        #scale-bar{height:6px;border:2px solid #222;border-top:none;width:100px}
        aside{width:290px;overflow:auto;padding:10px;border-left:1px solid #ccc;background:#fafaf8}aside section{margin-bottom:14px}
        #legend-items{list-style:none;padding:0;margin:0}#legend-items li{display:flex;align-items:center;gap:6px;margin:2px 0}
        .swatch{display:inline-block;width:22px;height:4px}.swatch.mark{width:12px;height:12px;border-radius:50%}
        #slider{width:100%}#events{padding-left:18px;margin:6px 0;font-size:12px}#events li.now{font-weight:bold}
        form label{display:block;margin:4px 0}form input:not([type=checkbox]),form select{width:100%}fieldset{border:1px solid #ccc;margin:6px 0}
        label.check{display:inline-block;margin-right:8px}.hint{font-size:12px;color:#666}#errors{color:#b00;white-space:pre-wrap}
        #sessions{padding-left:18px;font-size:12px}#legend-base{list-style:none;padding:0;margin:0 0 2px}
        #legend-base li{display:flex;align-items:center;gap:6px;margin:2px 0}
        #map path,#map polyline,#map line{vector-effect:non-scaling-stroke}
        #tip{position:absolute;pointer-events:none;background:rgba(30,30,30,.9);color:#fff;font-size:12px;padding:3px 6px;border-radius:3px;white-space:nowrap}
        """
}
