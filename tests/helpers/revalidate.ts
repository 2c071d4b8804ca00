// The CMS's webhook, POST /api/revalidate, as a CMS calls it.

/** Sends `body` (JSON text) with `authorization` (the shared secret as a bearer token by default). */
export const revalidate = (siteUrl: string, body: string, authorization: string | null) =>
  fetch(`${siteUrl}/api/revalidate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
    body,
  });

/** Tells the site that everything changed: it drops every CMS answer and page it kept (and answers 202). */
export const changeEverything = (siteUrl: string, secret: string) =>
  revalidate(siteUrl, JSON.stringify({ type: 'everything' }), `Bearer ${secret}`);
