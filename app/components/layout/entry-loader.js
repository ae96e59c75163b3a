// The inline loader that starts the page's JavaScript once the first paint (and the high-priority photo, if in
// view) is on screen: docs/decisions/001-deferred-entry-loader.md. Plain ES5 run as an inline script; the build
// minifies it (build/inline-script.ts, `?inline-script`).
function startEntry(preloads, entries, fallbackMs) {
  var doc = document
  var Observer = window.PerformanceObserver
  var entryTypes = (Observer && Observer.supportedEntryTypes) || []
  var waitingFor = 1 // the first contentful paint, plus one per priority photo (elementtiming) below
  var started = false

  // Starting a fetch costs the main thread about half a millisecond: three per task keeps tasks short.
  function addPreloads() {
    preloads.splice(0, 3).forEach(function (href) {
      var link = doc.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      doc.head.appendChild(link)
    })
    if (preloads.length) setTimeout(addPreloads, 0)
  }

  function start() {
    if (started) return
    started = true
    // Photos held back until the first view painted (app.css) may load now.
    ;[].forEach.call(doc.querySelectorAll('[data-held-until-paint]'), function (element) {
      element.removeAttribute('data-held-until-paint')
    })
    entries.forEach(function (src) {
      var script = doc.createElement('script')
      script.type = 'module'
      script.src = src
      doc.body.appendChild(script)
    })
    setTimeout(addPreloads, 0)
  }

  if (doc.visibilityState === 'hidden') return start()

  function settle() {
    if (--waitingFor === 0) setTimeout(start, 0)
  }

  function once(callback) {
    var called = false
    return function () {
      if (!called) {
        called = true
        callback()
      }
    }
  }

  // A frame callback can run before that frame reaches the screen; the timeout after it runs once it has.
  function afterFrame(callback) {
    requestAnimationFrame(function () {
      setTimeout(callback, 0)
    })
  }

  function whenObserved(type, matches, callback) {
    var observer = new Observer(function (list) {
      if (list.getEntries().some(matches)) {
        observer.disconnect()
        callback()
      }
    })
    observer.observe({ type: type, buffered: true })
  }

  setTimeout(start, fallbackMs)

  if (entryTypes.indexOf('paint') < 0) afterFrame(settle)
  else
    whenObserved(
      'paint',
      function (entry) {
        return entry.name === 'first-contentful-paint'
      },
      settle,
    )

  ;[].forEach.call(doc.images, function (image) {
    // Not fetchpriority: a priority photo that is below the text on a phone has none (ResponsiveImage).
    var timingId = image.getAttribute('elementtiming')
    if (!timingId) return
    waitingFor++
    var done = once(settle)
    // A photo out of view (below the fold on a small phone) is not what the visitor first sees.
    if (window.IntersectionObserver) {
      var visibility = new IntersectionObserver(function (changes) {
        visibility.disconnect()
        if (!changes[0].isIntersecting) done()
      })
      visibility.observe(image)
    }
    image.addEventListener('error', done)
    if (image.complete && !image.naturalWidth) return done()
    if (entryTypes.indexOf('element') >= 0)
      whenObserved(
        'element',
        function (entry) {
          return entry.identifier === timingId
        },
        done,
      )
    else if (image.complete) afterFrame(done)
    else
      image.addEventListener('load', function () {
        afterFrame(done)
      })
  })
}
