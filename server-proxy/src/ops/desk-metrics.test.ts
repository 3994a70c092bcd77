import { describe, expect, it } from 'vitest';
import { DeskMetrics } from './desk-metrics';

describe('DeskMetrics', () => {
  it('reads browser sockets and the messages slow browsers missed from their owner at each scrape', async () => {
    let clients = { public: 2, private: 1 };
    let dropped = { public: 40, private: 0 };
    const metrics = new DeskMetrics({ queueDepths: () => new Map([['uid:1000001', 3]]), wsClients: () => clients, wsDropped: () => dropped });
    let text = await metrics.text();
    expect(text).toContain('desk_ws_clients{socket="public"} 2');
    expect(text).toContain('desk_ws_clients{socket="private"} 1');
    expect(text).toContain('desk_ws_messages_dropped_total{socket="public"} 40');
    expect(text).toContain('desk_rate_queue_depth{lane="uid:1000001"} 3');
    clients = { public: 0, private: 1 };
    dropped = { public: 55, private: 2 };
    text = await metrics.text();
    expect(text).toContain('desk_ws_clients{socket="public"} 0');
    expect(text).toContain('desk_ws_messages_dropped_total{socket="public"} 55');
    expect(text).toContain('desk_ws_messages_dropped_total{socket="private"} 2');
  });

  it('counts answers by route and status, and times upstream calls by endpoint, as /metrics shows them', async () => {
    const metrics = new DeskMetrics({ queueDepths: () => new Map() });
    metrics.countRequest('/api/v3/account/settings', 200);
    metrics.countRequest('/api/v3/account/settings', 200);
    metrics.countRequest('/api/*', 401);
    metrics.upstreamLatency.observe('/api/v3/account/settings', 0.003);
    const text = await metrics.text();
    expect(text).toContain('desk_http_requests_total{route="/api/v3/account/settings",status="200"} 2');
    expect(text).toContain('desk_http_requests_total{route="/api/*",status="401"} 1');
    expect(text).toContain('desk_upstream_latency_seconds_bucket{le="0.005",endpoint="/api/v3/account/settings"} 1');
    expect(text).toContain('desk_upstream_latency_seconds_count{endpoint="/api/v3/account/settings"} 1');
  });
});
