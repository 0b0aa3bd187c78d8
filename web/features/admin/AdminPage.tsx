import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Logo } from '#web/components/Logo.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/Tabs.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { BulkImportTab } from './bulk/BulkImportTab.tsx';
import { LanguagesTab } from './languages/LanguagesTab.tsx';
import { NarratorsTab } from './narrators/NarratorsTab.tsx';
import { RequireAdmin } from './RequireAdmin.tsx';
import { StoriesTab } from './stories/StoriesTab.tsx';
import { TranslationsTab } from './translations/TranslationsTab.tsx';

export const ADMIN_TITLE = 'Admin Dashboard · Catamaran';

/** The dashboard's tabs in the spec's order (admin.md §2); the first is the default. */
const ADMIN_TABS = [
  { value: 'stories', label: 'Stories' },
  { value: 'bulk-import', label: 'Bulk Import' },
  { value: 'languages', label: 'Languages' },
  { value: 'teachers', label: 'Teachers' },
  { value: 'translations', label: 'Translations' },
] as const;
type AdminTab = (typeof ADMIN_TABS)[number]['value'];

function isAdminTab(value: string | null): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.value === value);
}

/** /admin (admin.md §2, §6): the dashboard, for admins only. */
export function AdminPage() {
  useDocumentTitle(ADMIN_TITLE);
  return (
    <RequireAdmin>
      <AdminDashboard />
    </RequireAdmin>
  );
}

function AdminDashboard() {
  // The open tab is in the address, so a reload or a shared link keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'stories';
  const tabList = useRef<HTMLDivElement>(null);

  // On a phone the row scrolls: the open tab (from the address, say ?tab=translations) is brought into it.
  useEffect(() => {
    const active = tabList.current?.querySelector<HTMLElement>(`[data-tab="${tab}"]`);
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  function handleTabChange(value: string) {
    setSearchParams(value === 'stories' ? {} : { tab: value }, { replace: true });
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Button asChild variant="outline" className="-ml-1">
            <Link to={CLIENT_ROUTES.dashboard}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
          <Logo wordmark="from-sm" />
        </div>
      </header>

      <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
        <Tabs value={tab} onValueChange={handleTabChange}>
          {/* One row, scrolled sideways where five tabs do not fit (a phone): wrapped, they took three rows. */}
          <TabsList ref={tabList} aria-label="Admin sections" className="self-start">
            {ADMIN_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value} data-tab={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="stories">
            <StoriesTab />
          </TabsContent>
          <TabsContent value="bulk-import">
            <BulkImportTab />
          </TabsContent>
          <TabsContent value="languages">
            <LanguagesTab />
          </TabsContent>
          <TabsContent value="teachers">
            <NarratorsTab />
          </TabsContent>
          <TabsContent value="translations">
            <TranslationsTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
