// i18next with zh-CN as the default and fallback; one file per page per language.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCommon from './locales/zh-CN/common.json';
import zhCatalog from './locales/zh-CN/catalog.json';
import zhSettings from './locales/zh-CN/settings.json';
import zhCompare from './locales/zh-CN/compare.json';
import zhTco from './locales/zh-CN/tco.json';
import zhVendors from './locales/zh-CN/vendors.json';
import zhQuotes from './locales/zh-CN/quotes.json';
import zhSources from './locales/zh-CN/sources.json';
import enCommon from './locales/en/common.json';
import enCatalog from './locales/en/catalog.json';
import enSettings from './locales/en/settings.json';
import enCompare from './locales/en/compare.json';
import enTco from './locales/en/tco.json';
import enVendors from './locales/en/vendors.json';
import enQuotes from './locales/en/quotes.json';
import enSources from './locales/en/sources.json';

export const resources = {
  'zh-CN': { common: zhCommon, catalog: zhCatalog, compare: zhCompare, tco: zhTco, vendors: zhVendors, quotes: zhQuotes, sources: zhSources, settings: zhSettings },
  en: { common: enCommon, catalog: enCatalog, compare: enCompare, tco: enTco, vendors: enVendors, quotes: enQuotes, sources: enSources, settings: enSettings },
} as const;

export type Lang = keyof typeof resources;
export const LANG_KEY = 'gpuquote.lang';

export function initialLang(): Lang {
  const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(LANG_KEY) : null;
  return saved === 'en' ? 'en' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLang(),
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  ns: ['common', 'catalog', 'compare', 'vendors', 'tco', 'sources', 'quotes', 'settings'],
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

export default i18n;
