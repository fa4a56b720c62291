import { EARLY_CLICKS_GLOBAL, EARLY_CLICK_ATTRIBUTE, EARLY_SUBMIT_ATTRIBUTE } from './early-clicks';

/**
 * The page's one script, inline. Once the page has loaded (its text painted, its eager
 * images in), it starts all of the route's modules at once (no waterfall) and runs the
 * entry. Until then no script competes with the page for a slow connection: the
 * prerendered HTML is the page, hydration only adds behaviour. Its text is the same on
 * every page, so one CSP hash allows it; the modules, entry first, ride in data-modules.
 * It also records presses on a few controls (chat, menu) made before hydration, which
 * would otherwise do nothing, and holds the contact form's submit: their components act on them when they mount.
 */
export const BOOT_SCRIPT =
  // Until the entry calls hydrateRoot, a press on an [data-early-click] element is recorded (early-clicks.ts).
  `(function(s){var q=window.${EARLY_CLICKS_GLOBAL}=[];document.addEventListener('click',function(e){` +
  `var t=!q.closed&&e.target.closest&&e.target.closest('[${EARLY_CLICK_ATTRIBUTE}]');if(t)q.push(t.id)},true);` +
  // Likewise a submit of a [data-early-submit] form, held (no native post).
  `document.addEventListener('submit',function(e){var f=!q.closed&&e.target.closest('[${EARLY_SUBMIT_ATTRIBUTE}]');` +
  `if(f){e.preventDefault();q.push(f.id)}},true);` +
  "function go(){var m=s.getAttribute('data-modules').split(' ');" +
  "for(var i=1;i<m.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.href=m[i];document.head.appendChild(l)}" +
  "import(m[0])}document.readyState==='complete'?go():addEventListener('load',go,{once:true})})(document.currentScript)";
