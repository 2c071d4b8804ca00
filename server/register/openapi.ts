import type { RequestHandler } from 'express';
import {
  ARCHITECT_TITLES,
  MEASURE_KINDS,
  REGISTRATION_KINDS,
  STRIKE_OFF_GROUNDS,
} from '../../src/common/register-types.ts';
import { ARCHITECT_QUERY_BOUNDS as bounds } from '../../src/common/register-query.ts';
import { DOTTED } from '../../src/common/registration-number.ts';
import { API_VERSION } from './public-api.ts';

// /api/openapi.json: the site's public API described in OpenAPI 3.1, after the NL API Design Rules. The
// register's own API, which the site reads, has a document of its own: docs/register-api.openapi.json.

/** Where the description is served. */
export const OPENAPI_PATH = '/api/openapi.json';

const isoDay = { type: 'string', format: 'date', description: 'An ISO day, YYYY-MM-DD.' } as const;
const problem = { $ref: '#/components/responses/Problem' } as const;
const apiVersionHeader = { 'API-Version': { $ref: '#/components/headers/API-Version' } } as const;

const registration = {
  type: 'object',
  required: ['title', 'number', 'date', 'kind', 'until', 'status', 'measures'],
  additionalProperties: false,
  properties: {
    title: { enum: ARCHITECT_TITLES },
    number: { type: 'string', pattern: DOTTED.source, examples: ['1.070515.028'] },
    date: { ...isoDay, description: 'The day of registration.' },
    kind: {
      enum: REGISTRATION_KINDS,
      description: 'regular, or temporary: a service provider from another EU state (WAT art. 27b).',
    },
    until: {
      oneOf: [isoDay, { type: 'null' }],
      description: 'The last day of a temporary registration; null for a regular one.',
    },
    status: {
      oneOf: [
        {
          type: 'object',
          required: ['kind'],
          additionalProperties: false,
          properties: { kind: { const: 'registered' } },
        },
        {
          type: 'object',
          required: ['kind', 'until'],
          additionalProperties: false,
          properties: { kind: { const: 'suspended' }, until: isoDay },
        },
        {
          type: 'object',
          required: ['kind', 'date', 'ground'],
          additionalProperties: false,
          properties: {
            kind: { const: 'struck-off' },
            date: isoDay,
            ground: { oneOf: [{ enum: STRIKE_OFF_GROUNDS }, { type: 'null' }] },
          },
        },
        {
          type: 'object',
          required: ['kind', 'date'],
          additionalProperties: false,
          description: 'A temporary registration past its end date (`date`): no longer in the register.',
          properties: { kind: { const: 'ended' }, date: isoDay },
        },
      ],
    },
    measures: {
      type: 'array',
      items: {
        type: 'object',
        required: ['kind', 'from', 'until'],
        additionalProperties: false,
        properties: { kind: { enum: MEASURE_KINDS }, from: isoDay, until: { oneOf: [isoDay, { type: 'null' }] } },
      },
    },
  },
} as const;

/** The description of the site's API; the suite checks its answers against it. */
export const ARCHITECTS_OPENAPI = {
  openapi: '3.1.0',
  info: {
    title: 'Architectenregister: architect search',
    version: API_VERSION,
    description:
      'The public register of architects, read-only. Every answer carries the moment the register gave it (meta.retrievedAt).',
    contact: { name: 'Bureau Architectenregister', url: 'https://www.architectenregister.nl' },
  },
  servers: [{ url: '/api' }],
  paths: {
    '/architects': {
      get: {
        operationId: 'searchArchitects',
        summary: 'Search the register',
        description: 'People alphabetical by surname; suspended, struck-off and lapsed registrations are found too.',
        parameters: [
          { name: 'searchTerm', in: 'query', schema: { type: 'string', maxLength: bounds.searchTermLength } },
          { name: 'title', in: 'query', schema: { enum: ARCHITECT_TITLES } },
          { name: 'place', in: 'query', schema: { type: 'string', maxLength: bounds.placeLength } },
          { name: 'kind', in: 'query', schema: { enum: REGISTRATION_KINDS } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: bounds.page, default: 1 } },
          {
            name: 'perPage',
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: bounds.perPage, default: bounds.defaultPerPage },
          },
        ],
        responses: {
          '200': {
            description: 'A page of people with their registrations.',
            headers: apiVersionHeader,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ArchitectResults' } } },
          },
          '400': problem,
          '404': problem,
          '405': problem,
          '429': problem,
          '503': problem,
        },
      },
    },
    '/openapi.json': {
      get: {
        operationId: 'describeApi',
        summary: 'This document',
        responses: {
          '200': {
            description: 'The OpenAPI document.',
            headers: apiVersionHeader,
            content: { 'application/json': { schema: { type: 'object' } } },
          },
        },
      },
    },
  },
  components: {
    headers: {
      'API-Version': { description: 'The version of the API.', schema: { type: 'string', examples: [API_VERSION] } },
    },
    responses: {
      Problem: {
        description: 'An error, as problem details (RFC 9457).',
        headers: apiVersionHeader,
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    },
    schemas: {
      Registration: registration,
      Architect: {
        type: 'object',
        required: ['name', 'place', 'registrations'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          place: { type: 'string' },
          registrations: { type: 'array', minItems: 1, items: { $ref: '#/components/schemas/Registration' } },
        },
      },
      ArchitectResults: {
        type: 'object',
        required: ['data', 'meta'],
        additionalProperties: false,
        properties: {
          data: { type: 'array', items: { $ref: '#/components/schemas/Architect' } },
          meta: {
            type: 'object',
            required: ['total', 'page', 'perPage', 'retrievedAt'],
            additionalProperties: false,
            properties: {
              total: { type: 'integer', minimum: 0 },
              page: { type: 'integer', minimum: 1 },
              perPage: { type: 'integer', minimum: 1 },
              retrievedAt: {
                type: 'string',
                format: 'date-time',
                description: 'The moment the register gave the answer, ISO 8601 with offset.',
              },
            },
          },
        },
      },
      Problem: {
        type: 'object',
        required: ['type', 'title', 'status', 'detail'],
        properties: {
          type: { type: 'string', format: 'uri-reference' },
          title: { type: 'string' },
          status: { type: 'integer', minimum: 400, maximum: 599 },
          detail: { type: 'string' },
        },
      },
    },
  },
} as const;

const body = JSON.stringify(ARCHITECTS_OPENAPI);

export const serveOpenApi: RequestHandler = (_req, res) => {
  res.set('Cache-Control', 'public, max-age=3600').type('application/json').send(body);
};
