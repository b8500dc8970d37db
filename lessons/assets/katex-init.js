// Renders the mathematics of every page with the KaTeX shipped in assets/third_party/katex.
// The lessons (notebooks) keep their $$ ... $$ as text; the Markdown pages carry
// pymdownx.arithmatex's \( ... \) and \[ ... \]. Code, pre and script elements are left alone.
(function () {
  "use strict";
  var options = {
    delimiters: [
      { left: "$$", right: "$$", display: true },
      { left: "\\[", right: "\\]", display: true },
      { left: "\\(", right: "\\)", display: false }
    ],
    throwOnError: false
  };
  function render(root) {
    if (typeof window.renderMathInElement === "function") {
      window.renderMathInElement(root || document.body, options);
    }
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function (doc) { render(doc && doc.body); });  // Material
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { render(document.body); });
  } else {
    render(document.body);
  }
})();
