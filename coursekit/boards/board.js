// The course's one board widget, front end (an anywidget ES module).
//
// Python draws: it sends the board's picture as SVG (the course's own views), the status line
// and a list of controls. This module only shows them and reports what the player does:
//   * a click, a tap, Enter or Space on an element of the picture with a `data-hit` key
//     sends {event: "hit", key};
//   * a control (button, toggle, choice, range, text) sends {event: "control", name, value};
//   * while `running` is on, it asks for the next move every `speed` ms: {event: "tick"}.
// Pieces with the same `data-piece` id in two pictures glide from the old place to the new;
// `frames` (pictures between the last one and this one) are shown in turn, `speed` ms each.
// The arrow keys move the focus between the picture's clickable elements.

const MIN_TICK_MS = 40;

function pieces(root) {
  const found = new Map();
  for (const el of root.querySelectorAll("[data-piece]")) {
    try {
      const box = el.getBBox();
      found.set(el.getAttribute("data-piece"), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    } catch (_error) {
      // not laid out (the board is hidden): nothing to glide
    }
  }
  return found;
}

function glide(root, before, ms) {
  if (ms <= 0 || before.size === 0) return;
  for (const [id, now] of pieces(root)) {
    const was = before.get(id);
    if (!was) continue;
    const dx = was.x - now.x;
    const dy = was.y - now.y;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) continue;
    const el = root.querySelector(`[data-piece="${CSS.escape(id)}"]`);
    if (el && el.animate) {
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }],
        { duration: ms, easing: "ease-in-out" });
    }
  }
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// The clickable element nearest to `from` in the direction (dx, dy), or null.
function neighbour(root, from, dx, dy) {
  const here = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of root.querySelectorAll("[data-hit]")) {
    if (el === from) continue;
    const c = centre(el);
    const along = (c.x - here.x) * dx + (c.y - here.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((c.x - here.x) * dy - (c.y - here.y) * dx);
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = el;
    }
  }
  return best;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function control(spec, send) {
  const wrap = document.createElement("label");
  wrap.className = `ck-control ck-control-${spec.kind}`;
  wrap.dataset.name = spec.name;
  wrap.dataset.kind = spec.kind;
  let input;
  if (spec.kind === "button") {
    input = document.createElement("button");
    input.type = "button";
    input.addEventListener("click", () => send({ event: "control", name: spec.name, value: true }));
  } else if (spec.kind === "toggle") {
    input = document.createElement("input");
    input.type = "checkbox";
    input.addEventListener("change", () => send({ event: "control", name: spec.name, value: input.checked }));
  } else if (spec.kind === "choice") {
    input = document.createElement("select");
    input.addEventListener("change", () => send({ event: "control", name: spec.name, value: input.value }));
  } else if (spec.kind === "range") {
    input = document.createElement("input");
    input.type = "range";
    input.addEventListener("input", () => send({ event: "control", name: spec.name, value: Number(input.value) }));
  } else {
    input = document.createElement("input");
    input.type = "text";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        send({ event: "control", name: spec.name, value: input.value });
      }
    });
  }
  input.className = "ck-input";
  input.setAttribute("data-lm-suppress-shortcuts", "true");
  if (spec.kind === "button") {
    wrap.append(input);
  } else {
    const text = document.createElement("span");
    text.className = "ck-label";
    if (spec.kind === "toggle") wrap.append(input, text);
    else wrap.append(text, input);
    if (spec.kind === "range") {
      const value = document.createElement("output");
      value.className = "ck-value";
      value.setAttribute("aria-hidden", "true"); // the slider itself says its value (aria-valuetext)
      wrap.append(value);
    }
  }
  wrap.input = input;
  return wrap;
}

function update(wrap, spec) {
  const input = wrap.input;
  const text = wrap.querySelector(".ck-label");
  if (spec.kind === "button") input.textContent = spec.label;
  else if (text) text.textContent = spec.label;
  input.disabled = Boolean(spec.disabled);
  input.title = spec.title || "";
  if (spec.kind !== "button" && !text) input.setAttribute("aria-label", spec.label);
  if (spec.kind === "toggle") input.checked = Boolean(spec.value);
  else if (spec.kind === "choice") {
    const options = spec.options.map(String);
    const have = Array.from(input.options, (o) => o.value);
    if (have.join("\u0000") !== options.join("\u0000")) {
      input.replaceChildren(...options.map((o) => Object.assign(document.createElement("option"), { value: o, textContent: o })));
    }
    input.value = String(spec.value);
  } else if (spec.kind === "range") {
    input.min = spec.min;
    input.max = spec.max;
    input.step = spec.step || 1;
    // While a person moves the slider, the kernel's answers to its earlier values must not pull it back.
    if (document.activeElement !== input) input.value = spec.value;
    input.setAttribute("aria-valuetext", spec.valuetext || String(spec.value));
    wrap.querySelector(".ck-value").textContent = spec.shown || String(spec.value);
  } else if (spec.kind === "text") {
    input.placeholder = spec.placeholder || "";
    if (spec.value !== undefined && spec.value !== null) input.value = spec.value;
  }
}

function render({ model, el }) {
  el.classList.add("ck-board");
  // JupyterLab reads keys in the capture phase (the arrows select cells, Enter edits one) and
  // matches its shortcuts on the focused element first: every focusable part of the board says no.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  const picture = document.createElement("div");
  picture.className = "ck-picture";
  const status = document.createElement("p");
  status.className = "ck-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const bar = document.createElement("div");
  bar.className = "ck-controls";
  el.append(picture, status, bar);

  const send = (message) => model.send(message);
  let framesTimer = null;
  let tickTimer = null;
  const shownControls = new Map();

  function show(svg, animate) {
    const focused = picture.contains(document.activeElement) ? document.activeElement.getAttribute("data-hit") : null;
    const before = animate ? pieces(picture) : new Map();
    picture.innerHTML = svg;
    const hits = picture.querySelectorAll("[data-hit]");
    for (const hit of hits) hit.setAttribute("data-lm-suppress-shortcuts", "true");
    // A picture with buttons in it is a group of controls, not an image (whose parts are hidden
    // from assistive technology); it keeps its title as its name.
    const root = picture.querySelector("svg");
    if (root && hits.length) {
      root.setAttribute("role", "group");
      const title = root.querySelector("title");
      if (title && !root.hasAttribute("aria-label")) root.setAttribute("aria-label", title.textContent);
    }
    if (animate) glide(picture, before, model.get("speed"));
    if (focused !== null) {
      const again = picture.querySelector(`[data-hit="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  function drawPicture() {
    clearTimeout(framesTimer);
    const frames = model.get("frames") || [];
    const ms = model.get("speed");
    const final = model.get("picture");
    const queue = ms > 0 ? frames.filter((f, i) => !(i === frames.length - 1 && f === final)) : [];
    const step = () => {
      if (queue.length) {
        show(queue.shift(), true);
        framesTimer = setTimeout(step, ms);
      } else {
        show(final, true);
        el.dataset.shown = String(model.get("version"));
        scheduleTick();
      }
    };
    step();
  }

  function drawStatus() {
    status.textContent = model.get("status");
  }

  function drawControls() {
    const specs = model.get("controls") || [];
    const names = specs.map((s) => `${s.kind}:${s.name}`);
    if (names.join("|") !== Array.from(shownControls.keys()).join("|")) {
      shownControls.clear();
      bar.replaceChildren();
      for (const spec of specs) {
        const wrap = control(spec, send);
        shownControls.set(`${spec.kind}:${spec.name}`, wrap);
        bar.append(wrap);
      }
    }
    for (const spec of specs) update(shownControls.get(`${spec.kind}:${spec.name}`), spec);
  }

  function scheduleTick() {
    clearTimeout(tickTimer);
    if (!model.get("running")) return;
    tickTimer = setTimeout(() => {
      if (model.get("running")) send({ event: "tick", version: model.get("version") });
    }, Math.max(MIN_TICK_MS, model.get("speed")));
  }

  picture.addEventListener("click", (e) => {
    const hit = e.target.closest("[data-hit]");
    if (hit && picture.contains(hit)) send({ event: "hit", key: hit.getAttribute("data-hit") });
  });
  picture.addEventListener("keydown", (e) => {
    const hit = e.target.closest ? e.target.closest("[data-hit]") : null;
    if (!hit) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      send({ event: "hit", key: hit.getAttribute("data-hit") });
    } else if (ARROWS[e.key]) {
      const next = neighbour(picture, hit, ...ARROWS[e.key]);
      if (next) {
        e.preventDefault();
        next.focus();
      }
    }
  });

  const onVersion = () => {
    drawStatus();
    drawControls();
    drawPicture();
  };
  const onRunning = () => scheduleTick();
  model.on("change:version", onVersion);
  model.on("change:running", onRunning);
  drawStatus();
  drawControls();
  show(model.get("picture"), false);
  el.dataset.shown = String(model.get("version"));
  scheduleTick();
  return () => {
    clearTimeout(framesTimer);
    clearTimeout(tickTimer);
    model.off("change:version", onVersion);
    model.off("change:running", onRunning);
  };
}

export default { render };
