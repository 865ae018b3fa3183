/* global document, requestAnimationFrame, setTimeout */
/*
 * Starts the app on a page the server sent rendered (issue 24, LCP; docs/decisions/first-view-html.md):
 * apps/server/src/plugins/first-view.ts puts this classic deferred script in place of the app's
 * module script and names that file in data-entry. The app is then fetched and run once the served
 * page has had a frame to paint in, instead of before the first paint (module scripts run as soon
 * as the document is parsed, and their download shares the line with the stylesheets the paint
 * waits for). A hidden tab, which paints no frames, starts it at once.
 */
;(function () {
  var script = document.currentScript
  var entry = script && script.getAttribute('data-entry')
  if (!entry) return
  function start() {
    var app = document.createElement('script')
    app.type = 'module'
    app.crossOrigin = ''
    app.src = entry
    document.head.appendChild(app)
  }
  if (document.visibilityState === 'hidden') start()
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
})()
