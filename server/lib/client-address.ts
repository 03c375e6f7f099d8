import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * The client a per-address limit counts: its IPv4 address, or its IPv6 /64. A carrier gives a phone
 * or a home line a whole /64, so one client can send from 2^64 addresses of it; @fastify/rate-limit
 * keys its own limits the same way (its default `ipv6Subnet`). Every hand-made counter per address
 * (numbers per raffle, live streams, upload bytes) uses this, never `request.ip` as is.
 */
export const clientAddress = (request: Pick<FastifyRequest, 'ip'>): string => normalizeIP(request.ip);
