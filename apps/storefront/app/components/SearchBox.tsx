import { useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import type { Suggestions } from '../routes/shop/search-suggestions';

// The header's search. Without JavaScript a plain GET form to /search. With it, also a combobox (ARIA's
// "list autocomplete" pattern): suggestions once the typing pauses, ↑/↓ to move through them, Enter to
// open the one chosen (else to search), Esc to close. Each query is read once (the route is cacheable).

const PAUSE_MS = 200;

interface Suggestion {
  label: string;
  kind: 'Product' | 'Collection';
  to: string;
}

const toList = (found: Suggestions): Suggestion[] => [
  ...found.products.map((p) => ({ label: p.name, kind: 'Product' as const, to: `/products/${p.slug}` })),
  ...found.collections.map((c) => ({
    label: c.name,
    kind: 'Collection' as const,
    to: `/collections/${c.slug}`,
  })),
];

export function SearchBox({ query }: { query: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState(query);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const seen = useRef(new Map<string, Suggestion[]>());

  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setItems([]);
      return;
    }
    const known = seen.current.get(q);
    if (known) {
      setItems(known);
      setActive(-1);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/search-suggestions?q=${encodeURIComponent(q)}`, { signal: abort.signal })
        .then((reply) => (reply.ok ? (reply.json() as Promise<Suggestions>) : undefined))
        .then((found) => {
          if (!found) return;
          const list = toList(found);
          // Bounded: a long session of typing keeps the last queries only.
          if (seen.current.size > 50) seen.current.clear();
          seen.current.set(q, list);
          setItems(list);
          setActive(-1);
        })
        // A suggestion that fails to arrive only means none is shown: the search itself still works.
        .catch(() => {});
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text]);

  const expanded = open && items.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const choose = (item: Suggestion) => {
    setOpen(false);
    navigate(item.to);
  };

  return (
    <Form method="get" action="/search" role="search" className="header-search">
      <label htmlFor="header-search" className="visually-hidden">
        Search products
      </label>
      <input
        id="header-search"
        type="search"
        name="q"
        placeholder="Search products"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            if (!expanded) {
              setOpen(true);
              setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
              return;
            }
            // Past either end the focus is back in the text (-1), as the pattern has it.
            const next = active + (event.key === 'ArrowDown' ? 1 : -1);
            setActive(next >= items.length ? -1 : next < -1 ? items.length - 1 : next);
          } else if (event.key === 'Escape' && expanded) {
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          } else if (event.key === 'Enter' && expanded && active >= 0 && items[active]) {
            event.preventDefault();
            choose(items[active]);
          }
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="search-suggestions"
        hidden={!expanded}
      >
        {items.map((item, index) => (
          <div
            key={item.to}
            id={optionId(index)}
            role="option"
            // The focus stays in the field (aria-activedescendant); -1 only makes the option clickable.
            tabIndex={-1}
            aria-selected={index === active}
            data-kind={item.kind}
            // Chosen on press, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(item);
            }}
          >
            {item.label}
          </div>
        ))}
      </div>
      <button type="submit" className="icon-button" aria-label="Search">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </Form>
  );
}
