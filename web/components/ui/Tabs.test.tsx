import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs.tsx';

function StoryTabs() {
  return (
    <Tabs defaultValue="details">
      <TabsList aria-label="Story sections">
        <TabsTrigger value="details">Details</TabsTrigger>
        <TabsTrigger value="chapters">Chapters</TabsTrigger>
      </TabsList>
      <TabsContent value="details">Title and author</TabsContent>
      <TabsContent value="chapters">Chapter list</TabsContent>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('shows the selected panel, named by its tab', () => {
    render(<StoryTabs />);
    expect(screen.getByRole('tablist', { name: 'Story sections' })).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Details' }).textContent).toBe('Title and author');
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<StoryTabs />);
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    await user.keyboard('{ArrowRight}');
    const chapters = screen.getByRole('tab', { name: 'Chapters' });
    expect(document.activeElement).toBe(chapters);
    expect(chapters.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Chapters' }).textContent).toBe('Chapter list');
  });
});
