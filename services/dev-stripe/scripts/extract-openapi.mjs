#!/usr/bin/env node
/**
 * Regenerates openapi/stripe-extract.json from a local checkout (or bare mirror) of the public
 * repository stripe/openapi: only the operations Ferry calls and the component schemas they reach.
 *
 *   node scripts/extract-openapi.mjs <stripe/openapi git dir> [commit]
 *
 * The commit defaults to the one the current extract names. It reads openapi/spec3.json, or
 * openapi/spec3.yaml where the JSON file is not in the checkout. Descriptions are dropped; an
 * expandable field whose object Ferry never expands keeps only its id form. The extract is then
 * brought to the API version the `stripe` SDK pins by the PATCHES below (Stripe's changelog), each
 * listed in the file under x-ferry.patches so the difference stays visible.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'openapi', 'stripe-extract.json');

/** Every operation Ferry (billing, and this package's tests) calls. */
export const OPERATIONS = [
  ['post', '/v1/products'],
  ['get', '/v1/products'],
  ['get', '/v1/products/{id}'],
  ['post', '/v1/prices'],
  ['get', '/v1/prices'],
  ['get', '/v1/prices/{price}'],
  ['post', '/v1/prices/{price}'],
  ['post', '/v1/customers'],
  ['get', '/v1/customers'],
  ['get', '/v1/customers/{customer}'],
  ['post', '/v1/customers/{customer}'],
  ['post', '/v1/checkout/sessions'],
  ['get', '/v1/checkout/sessions'],
  ['get', '/v1/checkout/sessions/{session}'],
  ['post', '/v1/checkout/sessions/{session}/expire'],
  ['get', '/v1/subscriptions'],
  ['get', '/v1/subscriptions/{subscription_exposed_id}'],
  ['post', '/v1/subscriptions/{subscription_exposed_id}'],
  ['delete', '/v1/subscriptions/{subscription_exposed_id}'],
  ['get', '/v1/invoices'],
  ['get', '/v1/invoices/{invoice}'],
  ['post', '/v1/billing_portal/sessions'],
  ['get', '/v1/events'],
  ['get', '/v1/events/{id}'],
  ['post', '/v1/webhook_endpoints'],
  ['get', '/v1/webhook_endpoints'],
  ['get', '/v1/webhook_endpoints/{webhook_endpoint}'],
  ['delete', '/v1/webhook_endpoints/{webhook_endpoint}'],
  ['post', '/v1/test_helpers/test_clocks'],
  ['get', '/v1/test_helpers/test_clocks/{test_clock}'],
  ['delete', '/v1/test_helpers/test_clocks/{test_clock}'],
  ['post', '/v1/test_helpers/test_clocks/{test_clock}/advance'],
];

/** Objects Ferry expands (or reads inside an expanded field); other expandable fields keep their id form only. */
const EXPANDED = new Set([
  'customer',
  'subscription',
  'invoice',
  'price',
  'product',
  'plan',
  'subscription_item',
  'line_item',
  'item',
  'checkout.session',
  'test_helpers.test_clock',
  'billing_portal.session',
  'payment_method',
]);

/**
 * Changes of the shapes Ferry reads between the extract's API version and the SDK's, from Stripe's
 * API changelog. Each is applied to the schemas and recorded in the output.
 */
const PATCHES = [
  {
    version: '2024-04-10',
    change: 'product.features renamed to product.marketing_features',
    apply(schemas) {
      const p = schemas.product;
      p.properties.marketing_features = p.properties.features ?? {
        items: { properties: { name: { maxLength: 5000, type: 'string' } }, type: 'object' },
        type: 'array',
      };
      delete p.properties.features;
      p.required = p.required.map((r) => (r === 'features' ? 'marketing_features' : r));
    },
  },
  {
    version: '2025-03-31.basil',
    change: 'subscription.current_period_start/end moved to each subscription item',
    apply(schemas) {
      const s = schemas.subscription;
      const item = schemas.subscription_item;
      for (const k of ['current_period_start', 'current_period_end']) {
        item.properties[k] = { format: 'unix-time', type: 'integer' };
        delete s.properties[k];
      }
      s.required = s.required.filter((r) => !r.startsWith('current_period_'));
      item.required = [...new Set([...item.required, 'current_period_end', 'current_period_start'])].sort();
    },
  },
  {
    version: '2025-03-31.basil',
    change:
      'invoice.paid, invoice.paid_out_of_band, invoice.subscription, invoice.subscription_details, invoice.charge, invoice.payment_intent, invoice.total_tax_amounts removed; the subscription is named under invoice.parent.subscription_details; taxes in total_taxes',
    apply(schemas) {
      const i = schemas.invoice;
      for (const k of [
        'paid',
        'paid_out_of_band',
        'subscription',
        'subscription_details',
        'charge',
        'payment_intent',
        'total_tax_amounts',
      ])
        delete i.properties[k];
      i.required = i.required.filter((r) => !['paid', 'paid_out_of_band', 'total_tax_amounts'].includes(r));
      i.properties.parent = {
        nullable: true,
        properties: {
          subscription_details: {
            nullable: true,
            properties: {
              metadata: { additionalProperties: { maxLength: 500, type: 'string' }, nullable: true, type: 'object' },
              subscription: { maxLength: 5000, type: 'string' },
            },
            required: ['subscription'],
            type: 'object',
          },
          type: { enum: ['quote_details', 'subscription_details'], type: 'string' },
        },
        required: ['type'],
        type: 'object',
      };
      i.properties.total_taxes = { items: { type: 'object' }, nullable: true, type: 'array' };
    },
  },
  {
    version: '2025-03-31.basil',
    change:
      'invoice line items: type, proration, price, subscription, subscription_item moved under parent and pricing',
    apply(schemas) {
      const l = schemas.line_item;
      for (const k of [
        'type',
        'proration',
        'price',
        'plan',
        'subscription',
        'subscription_item',
        'proration_details',
        'invoice_item',
        'tax_amounts',
        'tax_rates',
        'unit_amount_excluding_tax',
        'amount_excluding_tax',
      ])
        delete l.properties[k];
      l.required = l.required.filter((r) => !['type', 'proration'].includes(r));
      l.properties.parent = {
        nullable: true,
        properties: { type: { enum: ['invoice_item_details', 'subscription_item_details'], type: 'string' } },
        required: ['type'],
        type: 'object',
      };
      l.properties.pricing = {
        nullable: true,
        properties: {
          price_details: {
            properties: { price: { maxLength: 5000, type: 'string' }, product: { maxLength: 5000, type: 'string' } },
            type: 'object',
          },
          type: { enum: ['price_details'], type: 'string' },
        },
        type: 'object',
      };
    },
  },
  {
    version: '2025-03-31.basil',
    change:
      'the taxes of an invoice (total_taxes) and of its line items (taxes): amount, tax_behavior, tax_rate_details, taxability_reason, taxable_amount, type',
    apply(schemas) {
      const tax = {
        properties: {
          amount: { type: 'integer' },
          tax_behavior: { enum: ['exclusive', 'inclusive'], type: 'string' },
          tax_rate_details: {
            nullable: true,
            properties: { tax_rate: { maxLength: 5000, type: 'string' } },
            required: ['tax_rate'],
            type: 'object',
          },
          taxability_reason: { maxLength: 5000, type: 'string' },
          taxable_amount: { nullable: true, type: 'integer' },
          type: { enum: ['tax_rate_details'], type: 'string' },
        },
        required: ['amount', 'tax_behavior', 'taxability_reason', 'type'],
        title: 'BillingBillResourceInvoicingTaxesTax',
        type: 'object',
      };
      schemas.billing_bill_resource_invoicing_taxes_tax = tax;
      const ref = {
        items: { $ref: '#/components/schemas/billing_bill_resource_invoicing_taxes_tax' },
        nullable: true,
        type: 'array',
      };
      schemas.invoice.properties.total_taxes = ref;
      schemas.line_item.properties.taxes = structuredClone(ref);
    },
  },
  {
    version: '2023-10-16 … 2025-03-31',
    change:
      'Checkout Session create parameters added since: ui_mode, saved_payment_method_options, subscription_data[billing_cycle_anchor], subscription_data[proration_behavior], subscription_data[billing_mode]',
    apply(_schemas, paths) {
      const body = paths['/v1/checkout/sessions'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
      body.properties.ui_mode = { enum: ['custom', 'embedded', 'hosted'], type: 'string' };
      body.properties.saved_payment_method_options = {
        properties: {
          allow_redisplay_filters: {
            items: { enum: ['always', 'limited', 'unspecified'], type: 'string' },
            type: 'array',
          },
          payment_method_save: { enum: ['disabled', 'enabled'], type: 'string' },
        },
        type: 'object',
      };
      const sub = body.properties.subscription_data.properties;
      sub.billing_cycle_anchor = { format: 'unix-time', type: 'integer' };
      sub.proration_behavior = { enum: ['create_prorations', 'none'], type: 'string' };
      sub.billing_mode = {
        properties: { type: { enum: ['classic', 'flexible'], type: 'string' } },
        required: ['type'],
        type: 'object',
      };
    },
  },
];

function readSpec(gitDir, commit) {
  for (const [file, parse] of [
    ['openapi/spec3.json', JSON.parse],
    ['openapi/spec3.yaml', (t) => YAML.parse(t, { maxAliasCount: -1 })],
  ]) {
    try {
      const text = execFileSync('git', ['-C', gitDir, 'show', `${commit}:${file}`], {
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return { spec: parse(text), file };
    } catch {
      // not in this checkout (a snapshot may lack its largest files): try the next
    }
  }
  throw new Error(`neither openapi/spec3.json nor openapi/spec3.yaml at ${commit} in ${gitDir}`);
}

function strip(node) {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== 'object') return node;
  const outNode = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'description' && typeof v === 'string') continue;
    outNode[k] = strip(v);
  }
  return outNode;
}

/** Drops the object branch of expandable fields whose objects Ferry never expands. */
function cutExpansions(node) {
  if (Array.isArray(node)) return node.map(cutExpansions);
  if (!node || typeof node !== 'object') return node;
  const outNode = {};
  for (const [k, v] of Object.entries(node)) outNode[k] = cutExpansions(v);
  if (outNode['x-expansionResources'] && Array.isArray(outNode.anyOf)) {
    outNode.anyOf = outNode.anyOf.filter((b) => !b.$ref || EXPANDED.has(b.$ref.split('/').pop()));
    const kept = outNode['x-expansionResources'].oneOf.filter((b) => EXPANDED.has(b.$ref.split('/').pop()));
    if (kept.length) outNode['x-expansionResources'] = { oneOf: kept };
    else delete outNode['x-expansionResources'];
  }
  return outNode;
}

function refsIn(node, found = new Set()) {
  if (Array.isArray(node)) for (const n of node) refsIn(n, found);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') found.add(v.split('/').pop());
      else refsIn(v, found);
    }
  }
  return found;
}

function main() {
  const [gitDir, commitArg] = process.argv.slice(2);
  if (!gitDir) {
    process.stderr.write('usage: node scripts/extract-openapi.mjs <stripe/openapi git dir> [commit]\n');
    process.exit(2);
  }
  let commit = commitArg;
  if (!commit) commit = JSON.parse(readFileSync(out, 'utf8'))['x-ferry'].source.commit;
  commit = execFileSync('git', ['-C', gitDir, 'rev-parse', `${commit}^{commit}`], { encoding: 'utf8' }).trim();
  const { spec, file } = readSpec(gitDir, commit);
  const paths = {};
  for (const [method, path] of OPERATIONS) {
    const op = spec.paths[path]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    const kept = { operationId: op.operationId };
    if (op.parameters?.length) kept.parameters = op.parameters;
    if (op.requestBody) kept.requestBody = op.requestBody;
    kept.responses = { 200: op.responses['200'], default: op.responses.default };
    paths[path] ??= {};
    paths[path][method] = cutExpansions(strip(kept));
  }
  const schemas = {};
  const queue = [...refsIn(paths)];
  while (queue.length) {
    const name = queue.shift();
    if (schemas[name]) continue;
    const schema = spec.components.schemas[name];
    if (!schema) throw new Error(`schema ${name} is missing`);
    schemas[name] = cutExpansions(strip(schema));
    for (const ref of refsIn(schemas[name])) if (!schemas[ref]) queue.push(ref);
  }
  for (const patch of PATCHES) patch.apply(schemas, paths);
  const sorted = Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .map((k) => [k, schemas[k]]),
  );
  const extract = {
    openapi: spec.openapi,
    info: { title: 'Stripe API (extract: the operations Ferry calls)', version: spec.info.version },
    'x-ferry': {
      source: { repository: 'https://github.com/stripe/openapi', commit, file, apiVersion: spec.info.version },
      targetApiVersion: '2026-10-28.endive',
      patches: PATCHES.map(({ version, change }) => ({ version, change })),
      regenerate: 'node scripts/extract-openapi.mjs <stripe/openapi git dir> [commit]',
    },
    paths,
    components: { schemas: sorted },
  };
  writeFileSync(out, `${JSON.stringify(extract, null, 1)}\n`);
  process.stdout.write(
    `wrote ${out}: ${Object.keys(paths).length} paths, ${Object.keys(sorted).length} schemas from ${file}@${commit.slice(0, 12)} (API ${spec.info.version})\n`,
  );
}

main();
