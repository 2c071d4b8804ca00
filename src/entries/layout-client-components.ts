// The client components of the layout, which every page renders, bundled with React in the hydrate
// chunk: a first view then fetches and evaluates one script beside the entry instead of a small chunk
// per component after it (budget.spec holds a content page to those two, so a component added to the
// layout and not here shows). The Flight client finds them by their module ids; client components of
// single templates stay chunks of their own, loaded by the pages that show them.
import '../client-components/analytics.tsx';
import '../client-components/cursor.tsx';
import '../client-components/error-boundary.tsx';
import '../client-components/link.tsx';
import '../client-components/mega-menu.tsx';
import '../client-components/page-state.tsx';
import '../client-components/page-transitions.tsx';
import '../client-components/search-overlay.tsx';
import '../client-components/state-attributes.tsx';
import '../client-components/tagline.tsx';
