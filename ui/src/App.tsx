import { useEffect, useState } from 'react';
import { ConfigProvider, Layout, Menu, Segmented, Typography, theme } from 'antd';
import { CloudSyncOutlined, DatabaseOutlined, FileTextOutlined, LineChartOutlined, SettingOutlined, SwapOutlined, TeamOutlined } from '@ant-design/icons';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { CatalogPage } from './features/catalog/CatalogPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { ComparePage } from './features/compare/ComparePage';
import { TcoPage } from './features/tco/TcoPage';
import { VendorsPage } from './features/vendors/VendorsPage';
import { QuotesPage } from './features/quotes/QuotesPage';
import { SourcesPage } from './features/sources/SourcesPage';
import { LANG_KEY, type Lang } from './i18n';

type Page = 'catalog' | 'compare' | 'vendors' | 'tco' | 'sources' | 'quotes' | 'settings';
const PAGES: Page[] = ['catalog', 'compare', 'vendors', 'tco', 'sources', 'quotes', 'settings'];

export default function App() {
  const { t, i18n } = useTranslation('common');
  const [page, setPage] = useState<Page>('catalog');
  const lang = (i18n.language === 'en' ? 'en' : 'zh-CN') as Lang;

  useEffect(() => {
    dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
    document.documentElement.lang = lang;
  }, [lang]);

  // Keyboard: Alt+1…Alt+n switch pages.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey) return;
      const i = Number(e.key) - 1;
      if (i >= 0 && i < PAGES.length) {
        e.preventDefault();
        setPage(PAGES[i]);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const switchLang = (l: Lang) => {
    void i18n.changeLanguage(l);
    localStorage.setItem(LANG_KEY, l);
  };

  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={{ algorithm: theme.defaultAlgorithm }}>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider width={180} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
          <div style={{ padding: '16px 16px 8px' }}>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="app-title">
              {t('appName')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('appNameEn')}</Typography.Text>
          </div>
          <Menu
            mode="inline"
            selectedKeys={[page]}
            onClick={(e) => setPage(e.key as Page)}
            items={[
              { key: 'catalog', icon: <DatabaseOutlined />, label: t('nav.catalog') },
              { key: 'compare', icon: <SwapOutlined />, label: t('nav.compare') },
              { key: 'vendors', icon: <TeamOutlined />, label: t('nav.vendors') },
              { key: 'tco', icon: <LineChartOutlined />, label: t('nav.tco') },
              { key: 'sources', icon: <CloudSyncOutlined />, label: t('nav.sources') },
              { key: 'quotes', icon: <FileTextOutlined />, label: t('nav.quotes') },
              { key: 'settings', icon: <SettingOutlined />, label: t('nav.settings') },
            ]}
          />
          <div style={{ padding: 16 }}>
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
              {t('language')}
            </Typography.Text>
            <Segmented<Lang>
              size="small"
              value={lang}
              onChange={switchLang}
              options={[
                { label: '中文', value: 'zh-CN' },
                { label: 'EN', value: 'en' },
              ]}
              data-testid="lang-switch"
            />
          </div>
        </Layout.Sider>
        <Layout.Content style={{ padding: 20, background: '#fff' }}>
          {page === 'catalog' && <CatalogPage onCompare={() => setPage('compare')} />}
          {page === 'compare' && <ComparePage onQuote={() => setPage('quotes')} />}
          {page === 'vendors' && <VendorsPage />}
          {page === 'tco' && <TcoPage />}
          {page === 'sources' && <SourcesPage />}
          {page === 'quotes' && <QuotesPage />}
          {page === 'settings' && <SettingsPage />}
        </Layout.Content>
      </Layout>
    </ConfigProvider>
  );
}
