// TanStack Query around every command.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Commands, FxRate, ManualEntry, OfferFilter, Profile, QuoteRequest, QuoteSettings, Requirement, ReviewState, Side, TcoInput } from '../bindings';
import { call } from './call';

export const keys = {
  offers: (f: OfferFilter) => ['offers', f] as const,
  vendors: ['vendors'] as const,
  accelerators: ['accelerators'] as const,
  settings: ['settings'] as const,
  appInfo: ['appInfo'] as const,
  scenarios: ['scenarios'] as const,
  modelDefaults: ['modelDefaults'] as const,
  comparison: (r: Requirement | null) => ['comparison', r] as const,
};

export const useOffers = (filter: OfferFilter) =>
  useQuery({ queryKey: keys.offers(filter), queryFn: () => call('list_offers', { filter }) });

export const useVendors = () =>
  useQuery({ queryKey: keys.vendors, queryFn: () => call('list_vendors', {}) });

export const useAccelerators = () =>
  useQuery({ queryKey: keys.accelerators, queryFn: () => call('list_accelerators', {}) });

export const useSettings = () =>
  useQuery({ queryKey: keys.settings, queryFn: () => call('get_settings', {}) });

export const useAppInfo = () =>
  useQuery({ queryKey: keys.appInfo, queryFn: () => call('app_info', {}) });

/** Settings change every normalised price: refresh the offers too. */
function useInvalidateAfterSettings() {
  const qc = useQueryClient();
  return (data: unknown) => {
    qc.setQueryData(keys.settings, data);
    void qc.invalidateQueries({ queryKey: ['offers'] });
  };
}

export const useSetHours = () => {
  const onSuccess = useInvalidateAfterSettings();
  return useMutation({
    mutationFn: (hours: number) => call('set_hours_per_month', { hours }),
    onSuccess,
  });
};

export const useAddFxRate = () => {
  const onSuccess = useInvalidateAfterSettings();
  return useMutation({
    mutationFn: (rate: FxRate) => call('add_fx_rate', { rate }),
    onSuccess,
  });
};

export const useScenarios = () =>
  useQuery({ queryKey: keys.scenarios, queryFn: () => call('list_scenarios', {}), staleTime: Infinity });

export const useModelDefaults = () =>
  useQuery({ queryKey: keys.modelDefaults, queryFn: () => call('model_defaults', {}), staleTime: Infinity });

/** Runs a comparison when a requirement is submitted (null = nothing asked yet). */
export const useComparison = (requirement: Requirement | null) =>
  useQuery({
    queryKey: keys.comparison(requirement),
    queryFn: () => call('recommend', { requirement: requirement! }),
    enabled: requirement !== null,
  });

export const useTcoPresets = () =>
  useQuery({ queryKey: ['tcoPresets'], queryFn: () => call('tco_presets', {}) });

/** Runs the rent-or-build model for the submitted inputs (null = nothing asked yet). */
export const useTco = (ask: { input: TcoInput; utilization: string; case: Side } | null) =>
  useQuery({
    queryKey: ['tco', ask],
    queryFn: () => call('run_tco', ask!),
    enabled: ask !== null,
    placeholderData: (prev) => prev,
  });

export const useSaveTcoPreset = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { name: string; input: TcoInput }) => call('save_tco_preset', v),
    onSuccess: (data) => qc.setQueryData(['tcoPresets'], data),
  });
};

export const useProfiles = () =>
  useQuery({ queryKey: ['profiles'], queryFn: () => call('list_profiles', {}), staleTime: Infinity });

export const useRubric = () =>
  useQuery({ queryKey: ['rubric'], queryFn: () => call('rubric', {}), staleTime: Infinity });

export const useScoreboard = (profile: Profile | null, priceGpu: string | null) =>
  useQuery({
    queryKey: ['scoreboard', profile, priceGpu],
    queryFn: () => call('score_board', { profile: profile!, priceGpu }),
    enabled: profile !== null,
    placeholderData: (prev) => prev,
  });

/** Live AHP weights and consistency for a matrix being typed (errors name the cell). */
export const useAhp = (matrix: string) =>
  useQuery({ queryKey: ['ahp', matrix], queryFn: () => call('ahp_weights', { matrix }), enabled: matrix.trim() !== '' });

export const useAddEvidence = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { vendor: string; fact: string; value: string; source: string; asOf: string }) => call('add_evidence', v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['scoreboard'] }),
  });
};

export const useQuotes = () => useQuery({ queryKey: ['quotes'], queryFn: () => call('list_quotes', {}) });

/** Quote actions; each refreshes the list. */
export const useQuoteActions = () => {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: ['quotes'] });
  return {
    create: useMutation({ mutationFn: (request: QuoteRequest) => call('create_quote', { request }), onSuccess: done }),
    issue: useMutation({ mutationFn: (number: string) => call('issue_quote', { number }), onSuccess: done }),
    edit: useMutation({
      mutationFn: (v: { number: string; requester: string; department: string; purpose: string; notes: string }) =>
        call('edit_quote', v),
      onSuccess: done,
    }),
    revise: useMutation({ mutationFn: (number: string) => call('revise_quote', { number }), onSuccess: done }),
    decide: useMutation({
      mutationFn: (v: { number: string; approve: boolean }) => call('decide_quote', v),
      onSuccess: done,
    }),
    exportPdf: useMutation({
      mutationFn: (v: { number: string; version: number; lang: string; path: string | null }) => call('export_quote_pdf', v),
    }),
  };
};

/** The quote's PDF pages rendered as SVG by the core (null = not asked). */
export const useQuotePreview = (ask: { number: string; version: number; lang: string } | null) =>
  useQuery({ queryKey: ['quotePreview', ask], queryFn: () => call('preview_quote', ask!), enabled: ask !== null });

export const useQuoteSettings = () =>
  useQuery({ queryKey: ['quoteSettings'], queryFn: () => call('get_quote_settings', {}) });

export const useSetQuoteSettings = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: QuoteSettings) => call('set_quote_settings', { settings }),
    onSuccess: (data) => qc.setQueryData(['quoteSettings'], data),
  });
};

// Sources (价格采集与审核): captures, review, import, scrape, manual entry, export.
export const useSnapshots = (state: ReviewState | null) =>
  useQuery({ queryKey: ['snapshots', state], queryFn: () => call('list_snapshots', { stateFilter: state }) });

export const useSnapshotReview = (id: number | null) =>
  useQuery({
    queryKey: ['snapshot', id],
    queryFn: () => call('review_snapshot', { id: id as number }),
    enabled: id != null,
  });

export const useRawCapture = (id: number | null) =>
  useQuery({
    queryKey: ['raw', id],
    queryFn: () => call('raw_capture', { id: id as number }),
    enabled: id != null,
    staleTime: Infinity,
  });

export const useRecipes = () =>
  useQuery({ queryKey: ['recipes'], queryFn: () => call('list_recipes', {}), staleTime: Infinity });

/** Anything that adds or decides a snapshot changes the catalog, comparisons and scorecards. */
export const useSourceActions = () => {
  const qc = useQueryClient();
  const done = () => {
    for (const k of ['snapshots', 'snapshot', 'offers', 'vendors', 'comparison', 'scoreboard', 'accelerators']) {
      void qc.invalidateQueries({ queryKey: [k] });
    }
  };
  return {
    importFile: useMutation({
      mutationFn: (a: Commands['import_file']['args']) => call('import_file', a),
      onSuccess: (r) => {
        if (!r.dry_run) done();
      },
    }),
    scrape: useMutation({
      mutationFn: (a: { vendor: string; recipe: string | null }) => call('scrape_vendor', a),
      onSuccess: done,
    }),
    approve: useMutation({
      mutationFn: (a: { id: number; reviewer: string; note: string }) => call('approve_snapshot', a),
      onSuccess: done,
    }),
    reject: useMutation({
      mutationFn: (a: { id: number; reviewer: string; note: string }) => call('reject_snapshot', a),
      onSuccess: done,
    }),
    enter: useMutation({
      mutationFn: (entry: ManualEntry) => call('enter_offers', { entry }),
      onSuccess: (r) => {
        if (!r.dry_run) done();
      },
    }),
    exportCatalog: useMutation({ mutationFn: (a: { format: string; path: string }) => call('export_catalog', a) }),
  };
};
