import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { gatewayConfigFields } from '../src/config.js';
import { publicConfigRoutes } from '../src/routes/public-config.js';

describe('GET /api/config (upload remote run-time config)', () => {
  it('answers the Drive root URL and the folder threshold', async () => {
    const app = express();
    app.use(
      '/api',
      publicConfigRoutes({ driveRootUrl: 'http://localhost:4100', uploadFolderThresholdBytes: 1024 ** 3 }),
    );
    const res = await request(app).get('/api/config').expect(200);
    expect(res.body).toEqual({ driveRootUrl: 'http://localhost:4100', uploadFolderThresholdBytes: 1073741824 });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('DRIVE_ROOT_URL is reduced to its origin; the threshold must be a positive integer', () => {
    const shape = gatewayConfigFields.pick({ DRIVE_ROOT_URL: true, UPLOAD_FOLDER_THRESHOLD_BYTES: true });
    expect(shape.parse({ DRIVE_ROOT_URL: 'http://localhost:4100/', UPLOAD_FOLDER_THRESHOLD_BYTES: '4096' })).toEqual({
      DRIVE_ROOT_URL: 'http://localhost:4100',
      UPLOAD_FOLDER_THRESHOLD_BYTES: 4096,
    });
    expect(shape.parse({})).toEqual({});
    expect(shape.safeParse({ UPLOAD_FOLDER_THRESHOLD_BYTES: '0' }).success).toBe(false);
  });
});
