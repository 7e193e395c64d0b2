export { ActivityPage } from './components/activity-page.tsx';
export { ObjectEvents } from './components/object-events.tsx';
export type { EventLinks } from './components/event-item.tsx';
