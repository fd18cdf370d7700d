import { humanConfig } from "./face-detector-config";

/**
 * The selfie step's face detector runs in a Web Worker, off the page's thread: without fast WebGL
 * one check takes up to a second of CPU, which must not hold up the page (its Start button, the
 * capture's clock). The worker is a plain script served by /verify/face-model/face-worker.js; it
 * loads Human's script build (served beside it) with importScripts. Messages:
 * {type:"load"} → {type:"loaded", ok}; {type:"detect", id, width, height, buffer (RGBA)} →
 * {type:"faces", id, faces:[{x,y,width,height,score}]} or {type:"failed", id}.
 */
export function faceWorkerSource(base: string): string {
  const config = JSON.stringify(humanConfig("cpu"));
  return `"use strict";
importScripts(${JSON.stringify(`${base}human.js`)});
var human = null;
function renderer() {
  try {
    if (typeof OffscreenCanvas !== "function") return null;
    var canvas = new OffscreenCanvas(1, 1);
    var gl = canvas.getContext("webgl2") || canvas.getContext("webgl");
    if (!gl) return null;
    var ext = gl.getExtension("WEBGL_debug_renderer_info");
    return String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  } catch (e) { return null; }
}
self.onmessage = function (event) {
  var m = event.data;
  if (m.type === "load") {
    var config = ${config};
    var r = renderer();
    // Software WebGL (SwiftShader, llvmpipe) is slower than the CPU backend.
    config.backend = r && !/swiftshader|llvmpipe|software|basic render/i.test(r) ? "webgl" : "cpu";
    human = new self.Human.Human(config);
    human.load().then(function () {
      self.postMessage({ type: "loaded", ok: human.models.loaded().length > 0 });
    }, function () { self.postMessage({ type: "loaded", ok: false }); });
    return;
  }
  if (!human) { self.postMessage({ type: "failed", id: m.id }); return; }
  var image = new ImageData(new Uint8ClampedArray(m.buffer), m.width, m.height);
  human.detect(image).then(function (result) {
    self.postMessage({ type: "faces", id: m.id, faces: result.face.map(function (f) {
      return { x: f.boxRaw[0], y: f.boxRaw[1], width: f.boxRaw[2], height: f.boxRaw[3], score: f.boxScore != null ? f.boxScore : (f.score || 0) };
    }) });
  }, function () { self.postMessage({ type: "failed", id: m.id }); });
};
`;
}
