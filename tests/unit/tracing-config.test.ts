import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/config.ts';

// OpenTelemetry's standard variables: which of them turn traces on or off, the sampler and its argument,
// and the values the SDK would drop silently, refused at start instead.

const ENDPOINT = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };

describe('traces', () => {
  it('are on with either endpoint, the general or the traces’ own, and off without one', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig(ENDPOINT).tracing).not.toBeNull();
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector/otlp/v1/traces' }).tracing,
    ).not.toBeNull();
  });

  it('are off with OTEL_SDK_DISABLED=true (any case) or OTEL_TRACES_EXPORTER=none', () => {
    expect(loadConfig({ ...ENDPOINT, OTEL_SDK_DISABLED: 'true' }).tracing).toBeNull();
    expect(loadConfig({ ...ENDPOINT, OTEL_SDK_DISABLED: 'TRUE' }).tracing).toBeNull();
    expect(loadConfig({ ...ENDPOINT, OTEL_SDK_DISABLED: 'false' }).tracing).not.toBeNull();
    expect(loadConfig({ ...ENDPOINT, OTEL_TRACES_EXPORTER: 'none' }).tracing).toBeNull();
    expect(loadConfig({ ...ENDPOINT, OTEL_TRACES_EXPORTER: 'otlp' }).tracing).not.toBeNull();
  });

  it('sample by the specification’s default, parentbased_always_on', () => {
    expect(loadConfig(ENDPOINT).tracing?.sampler).toEqual({ root: 'always_on', parentBased: true, ratio: 1 });
  });

  it.each([
    ['always_on', undefined, { root: 'always_on', parentBased: false, ratio: 1 }],
    ['always_off', undefined, { root: 'always_off', parentBased: false, ratio: 1 }],
    ['parentbased_always_off', undefined, { root: 'always_off', parentBased: true, ratio: 1 }],
    ['traceidratio', '0.25', { root: 'traceidratio', parentBased: false, ratio: 0.25 }],
    ['parentbased_traceidratio', '0', { root: 'traceidratio', parentBased: true, ratio: 0 }],
    ['traceidratio', undefined, { root: 'traceidratio', parentBased: false, ratio: 1 }],
    // A blank argument is no argument, as every blank variable is unset.
    ['traceidratio', ' ', { root: 'traceidratio', parentBased: false, ratio: 1 }],
    // The argument of a sampler that takes none is left alone.
    ['always_on', 'anything', { root: 'always_on', parentBased: false, ratio: 1 }],
  ])('OTEL_TRACES_SAMPLER=%s with argument %s', (sampler, arg, expected) => {
    const env = {
      ...ENDPOINT,
      OTEL_TRACES_SAMPLER: sampler,
      ...(arg === undefined ? {} : { OTEL_TRACES_SAMPLER_ARG: arg }),
    };
    expect(loadConfig(env).tracing?.sampler).toEqual(expected);
  });

  it.each([
    [
      { OTEL_TRACES_SAMPLER: 'jaeger_remote' },
      /^Invalid configuration: OTEL_TRACES_SAMPLER must be one of always_on, /,
    ],
    [
      { OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '10%' },
      /OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1/,
    ],
    [
      { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' },
      /OTEL_TRACES_SAMPLER_ARG must be/,
    ],
    [{ OTEL_SDK_DISABLED: 'yes' }, /^Invalid configuration: OTEL_SDK_DISABLED must be true or false/],
    [{ OTEL_TRACES_EXPORTER: 'jaeger' }, /OTEL_TRACES_EXPORTER must be otlp or none/],
    [{ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, /OTEL_EXPORTER_OTLP_PROTOCOL must be http\/json: /],
    // The specification's default, which this site cannot send: refused rather than sent as JSON unasked.
    [
      { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' },
      /^Invalid configuration: OTEL_EXPORTER_OTLP_PROTOCOL must be http\/json: .*http\/protobuf and grpc are not supported/,
    ],
    [{ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }, /OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be http\/json/],
    [
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318' },
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an absolute/,
    ],
    [{ OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name' }, /OTEL_RESOURCE_ATTRIBUTES must be key=value pairs/],
    [{ OTEL_RESOURCE_ATTRIBUTES: 'team=web=site' }, /OTEL_RESOURCE_ATTRIBUTES must be key=value pairs/],
    [{ OTEL_RESOURCE_ATTRIBUTES: 'team=%E0%A4%A' }, /OTEL_RESOURCE_ATTRIBUTES must be key=value pairs/],
  ])('refuses %o at start, naming the variable', (env, message) => {
    expect(() => loadConfig({ ...ENDPOINT, ...env })).toThrow(message);
  });

  it('takes well-formed resource attributes and headers, and never echoes malformed headers (they carry keys)', () => {
    expect(() =>
      loadConfig({
        ...ENDPOINT,
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=production, team=web%2Csite',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc,authorization=Basic%20eDp5',
      }),
    ).not.toThrow();
    const attempt = () => loadConfig({ ...ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'secret-collector-key' });
    expect(attempt).toThrow(/^Invalid configuration: OTEL_EXPORTER_OTLP_TRACES_HEADERS must be key=value pairs/);
    expect(attempt).not.toThrow(/secret-collector-key/);
  });
});
