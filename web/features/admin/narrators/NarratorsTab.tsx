import { useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/Tabs.tsx';
import { ApplicationsView } from './ApplicationsView.tsx';
import { VideosView } from './VideosView.tsx';

const SUB_TABS = [
  { value: 'applications', label: 'Applications' },
  { value: 'videos', label: 'Videos' },
] as const;
type NarratorsView = (typeof SUB_TABS)[number]['value'];

/**
 * The narrators' tab, labelled 'Teachers' as admin.md §2 names it (the code says narrators everywhere, like
 * server/narrators/ and the public /apply and /submit-video screens): applications and sample videos, as two sub-tabs.
 */
export function NarratorsTab() {
  // The open sub-tab is in the address beside the dashboard's tab (?tab=teachers&view=videos), so a reload keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const view: NarratorsView = searchParams.get('view') === 'videos' ? 'videos' : 'applications';

  function handleViewChange(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'videos') next.set('view', 'videos');
        else next.delete('view');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Teachers
        </CardTitle>
        <CardDescription>
          Applications from prospective narrators, and the sample videos applicants have sent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={view} onValueChange={handleViewChange}>
          <TabsList aria-label="Teacher sections" className="self-start">
            {SUB_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="applications">
            <ApplicationsView />
          </TabsContent>
          <TabsContent value="videos">
            <VideosView />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
