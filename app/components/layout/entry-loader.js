// The inline loader that starts the page's JavaScript once the first paint (and the high-priority photo, if in
// view) is on screen: docs/decisions/001-deferred-entry-loader.md. Plain ES5 run as an inline script; the build
// minifies it (build/inline-script.ts, `?inline-script`).
function startEntry(preloads, entries, fallbackMs) {
  var doc = document
  var Observer = window.PerformanceObserver
  var entryTypes = (Observer && Observer.supportedEntryTypes) || []
  var waitingFor = 1 // the first contentful paint, plus one per page photo (data-page-photo) below
  var started = false
  var largestPaints = entryTypes.indexOf('largest-contentful-paint') >= 0
  var PAINT_REPORT_MS = 250

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

  ;[].forEach.call(doc.querySelectorAll('img[data-page-photo]'), function (image) {
    // Not fetchpriority: a priority photo that is below the text on a phone has none (ResponsiveImage).
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
    // The browser reports the photo's paint if it is the largest so far; once a larger one is reported, it never will.
    var drawn = false
    var largest = 0
    function visibleArea() {
      var box = image.getBoundingClientRect()
      var width = Math.min(box.right, innerWidth) - Math.max(box.left, 0)
      var height = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)
      return width > 0 && height > 0 ? width * height : 0
    }
    if (largestPaints)
      whenObserved(
        'largest-contentful-paint',
        function (entry) {
          largest = Math.max(largest, entry.size)
          return entry.element === image || (drawn && largest >= visibleArea())
        },
        done,
      )
    // Loaded and decoded, the photo is drawn in the next frame. A report that never comes (no reports after the
    // visitor's first input) holds the scripts PAINT_REPORT_MS at most.
    function painted() {
      afterFrame(function () {
        drawn = true
        if (!largestPaints || largest >= visibleArea()) done()
        else setTimeout(done, PAINT_REPORT_MS)
      })
    }
    function decoded() {
      if (image.decode) image.decode().then(painted, done)
      else painted()
    }
    if (image.complete) decoded()
    else image.addEventListener('load', decoded)
  })
}
