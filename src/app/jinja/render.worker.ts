/**
 * The template render worker: the Jinja interpreter runs here, off the page, so that a template
 * that loops for minutes never freezes the tab, and the page can end it (Stop, or newer input)
 * by terminating this worker (template-renderer.ts). One render at a time, in order.
 */
/// <reference lib="webworker" />
import { renderJinja } from '../../core/formats/jinja/render.ts';
import { answerRender } from './render-handler.ts';
import { isJinjaRenderRequest } from './render-protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<unknown>) => {
  // The options are the format's as the store holds them (unknown keys pass through: the budget).
  if (isJinjaRenderRequest(event.data)) self.postMessage(answerRender(event.data, (record, options, how) => renderJinja(record, options, how)));
};
