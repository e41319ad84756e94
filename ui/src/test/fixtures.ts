// Typed fixtures: if a Rust type changes, bindings.ts changes and tsc flags these.
import type { Accelerator, OfferView, Settings, VendorView } from '../bindings';

const base: Omit<OfferView, 'id' | 'vendor' | 'vendor_en' | 'vendor_key' | 'accelerator' | 'accelerator_key'> = {
  snapshot_id: 1,
  vendor_example: false,
  memory_gb: 80,
  fp16_tflops: '989',
  domestic: false,
  gpus: 8,
  mode: 'bare_metal',
  tenancy: 'dedicated',
  interruptible: false,
  billing: 'month',
  price: '84480.00',
  price_max: null,
  price_basis: 'instance',
  currency: 'CNY',
  from_price: false,
  region: null,
  instance_type: null,
  fees: null,
  note: null,
  instance_price: '84480.00',
  per_gpu_hour: '14.67',
  per_gpu_hour_cny: '14.67',
  per_gpu_hour_cny_exact: '14.66666667',
  fx_rate: '1',
  fx_as_of: null,
  hours_per_month: 720,
  convention: '84480.00 CNY per 8-GPU instance-month ÷ 8 GPUs ÷ 720 h/month',
  captured_at: '2026-07-15T00:00:00Z',
  origin: 'article',
  source: 'https://www.jygpu.com',
  confidence: 'high',
  review_state: 'approved',
  snapshot_note: null,
};

export const offers: OfferView[] = [
  { ...base, id: 1, vendor: '极智算', vendor_en: 'JYGPU', vendor_key: 'jygpu', accelerator: 'H100 SXM 80GB', accelerator_key: 'h100-sxm-80gb' },
  {
    ...base,
    id: 2,
    snapshot_id: 2,
    vendor: '晨涧云',
    vendor_en: 'Chenjian Cloud',
    vendor_key: 'chenjianyun',
    accelerator: 'A800 80GB SXM',
    accelerator_key: 'a800-sxm-80gb',
    gpus: 1,
    mode: 'container',
    billing: 'hour',
    price: '5.15',
    instance_price: '5.15',
    per_gpu_hour: '5.15',
    per_gpu_hour_cny: '5.15',
    per_gpu_hour_cny_exact: '5.15',
    convention: '5.15 CNY per 1-GPU instance-hour',
    confidence: 'low',
    source: 'secondary compilation',
  },
];

export const vendors: VendorView[] = [];
export const accelerators: Accelerator[] = [];
export const settings: Settings = {
  hours_per_month: 720,
  fx: [{ id: 1, base: 'USD', quote: 'CNY', rate: '7.10', as_of: '2026-11-09', source: 'default' }],
};
