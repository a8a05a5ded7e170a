import { defineEndpoints } from '../endpoint';
import {
  CreateReportRequest,
  ReportedItemContent,
  ReportedItemParams,
  ReportQueue,
  ReportQueueQuery,
  TakedownRequest,
} from '../../schemas/moderation';

/**
 * Reporting a link, signed out (no account): 204 whatever the item, so the answer says nothing of its owner;
 * 404 for a link that leads nowhere, 429 past REPORTS_PER_ADDRESS_PER_HOUR.
 */
export const REPORT_ENDPOINTS = defineEndpoints({
  create: { method: 'POST', path: '/reports', body: CreateReportRequest, status: 204, response: null },
});

/**
 * The reports queue (admins only): reported items with their metadata, the content on demand (409 for an
 * end-to-end encrypted clip, which the server cannot read), take down (the link answers 410 `TAKEN_DOWN` at
 * once), restore, and dismiss the open reports.
 */
export const MODERATION_ENDPOINTS = defineEndpoints({
  list: { method: 'GET', scope: 'admin', path: '/admin/reports', query: ReportQueueQuery, response: ReportQueue },
  content: {
    method: 'GET',
    scope: 'admin',
    path: '/admin/reports/:kind/:id/content',
    params: ReportedItemParams,
    response: ReportedItemContent,
  },
  takeDown: {
    method: 'POST',
    scope: 'admin',
    path: '/admin/reports/:kind/:id/takedown',
    params: ReportedItemParams,
    body: TakedownRequest,
    status: 204,
    response: null,
  },
  restore: {
    method: 'DELETE',
    scope: 'admin',
    path: '/admin/reports/:kind/:id/takedown',
    params: ReportedItemParams,
    status: 204,
    response: null,
  },
  dismiss: {
    method: 'POST',
    scope: 'admin',
    path: '/admin/reports/:kind/:id/dismiss',
    params: ReportedItemParams,
    status: 204,
    response: null,
  },
});
