// Starts the page's JavaScript once the first view is painted: docs/decisions/001-deferred-entry-loader.md.
// Plain ES5, a file of its own (build/script-file.ts) that the page adds after its first paint; the inline script
// that adds it lists what to load.
;(function startEntry(data) {
  var preloads = data.preloads ? data.preloads.split(' ') : []
  var entries = data.entries.split(' ')
  var fallbackMs = Number(data.fallbackMs)
  var doc = document
  var Observer = window.PerformanceObserver
  var entryTypes = (Observer && Observer.supportedEntryTypes) || []
  var waitingFor = 1 // plus one per page photo below
  var started = false
  var largestPaints = entryTypes.indexOf('largest-contentful-paint') >= 0
  var PAINT_REPORT_MS = 250

  // Each fetch costs the main thread about 0.5 ms: three per task.
  function addPreloads() {
    preloads.splice(0, 3).forEach(function (href) {
      var link = doc.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      doc.head.appendChild(link)
    })
    if (preloads.length) setTimeout(addPreloads, 0)
  }

  // Until hydrated, a tap on a control the browser runs itself never reaches React's listener on the document:
  // React would hydrate the whole page inside the tap first (docs/decisions/036-taps-during-hydration.md).
  function keepNativeTapsFromReact() {
    var button = window.HTMLButtonElement && HTMLButtonElement.prototype
    var native = ['summary']
    if (button && 'popoverTargetElement' in button) native.push('[popovertarget]')
    if (button && 'commandForElement' in button) native.push('[commandfor]')
    var taps = native.join(',')
    // Keys inside the overlay too: Escape closes it natively.
    var keys = taps + ',dialog'
    function guard(event) {
      var target = event.target
      if (doc.documentElement.hasAttribute('data-hydrated') || !target || !target.closest) return
      if (target.closest(event.type.indexOf('key') === 0 ? keys : taps)) event.stopPropagation()
    }
    'pointerdown pointerup mousedown mouseup touchstart touchend click auxclick keydown keyup'
      .split(' ')
      .forEach(function (type) {
        window.addEventListener(type, guard, true)
      })
  }

  function start() {
    if (started) return
    started = true
    ;[].forEach.call(doc.querySelectorAll('[data-held-until-paint]'), function (element) {
      element.removeAttribute('data-held-until-paint')
    })
    function addEntries() {
      entries.forEach(function (src) {
        var script = doc.createElement('script')
        script.type = 'module'
        script.src = src
        doc.body.appendChild(script)
      })
    }
    // A stored page inlines only its own rules; what scripts render or open next may need any other, so the
    // whole stylesheet comes first (docs/decisions/056-each-page-its-own-css.md). It restyles nothing shown.
    var pageOnly = doc.querySelector('style[data-whole-stylesheet]')
    if (pageOnly) {
      var sheet = doc.head.appendChild(doc.createElement('link'))
      sheet.onload = sheet.onerror = addEntries
      sheet.rel = 'stylesheet'
      sheet.href = pageOnly.dataset.wholeStylesheet
    } else addEntries()
    setTimeout(addPreloads, 0)
  }

  keepNativeTapsFromReact()
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

  // A frame callback can run before its frame is on screen; the timeout after it runs once it is.
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
    // Not fetchpriority: a priority photo below the text on a phone has none.
    waitingFor++
    var done = once(settle)
    // The browser's own measure of the photo's visible area: reading the box here could force a layout.
    var area = window.IntersectionObserver ? Infinity : -1
    if (window.IntersectionObserver) {
      var visibility = new IntersectionObserver(function (changes) {
        visibility.disconnect()
        var seen = changes[0].intersectionRect
        area = seen.width * seen.height
        if (!changes[0].isIntersecting) done()
      })
      visibility.observe(image)
    }
    image.addEventListener('error', done)
    if (image.complete && !image.naturalWidth) return done()
    // Once a larger paint is reported, this photo's never will be.
    var drawn = false
    var largest = 0
    function visibleArea() {
      if (area >= 0) return area
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
    // No report comes after the visitor's first input: wait PAINT_REPORT_MS at most.
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
})(document.querySelector('script[data-entries]').dataset)
