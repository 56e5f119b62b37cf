// biome-ignore-all lint/suspicious/noArrayIndexKey: content is parsed once from the page's source and never reorders, so a node's position is its identity
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Block, Inline } from '../content/types';
import { Highlighted } from './Highlighted';

function InlineNode({ node, query }: { node: Inline; query?: string }): ReactNode {
  switch (node.type) {
    case 'text':
      return <Highlighted text={node.text} query={query} />;
    case 'code':
      return (
        <code>
          <Highlighted text={node.text} query={query} />
        </code>
      );
    case 'strong':
      return (
        <strong>
          <InlineNodes nodes={node.children} query={query} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <InlineNodes nodes={node.children} query={query} />
        </em>
      );
    case 'link': {
      const children = <InlineNodes nodes={node.children} query={query} />;
      // Pages of the app navigate inside it; anchors and other sites are plain links.
      if (node.href.startsWith('/') && !node.href.startsWith('//')) return <Link to={node.href}>{children}</Link>;
      const external = /^https?:/i.test(node.href);
      return (
        <a href={node.href} {...(external ? { rel: 'noopener noreferrer', target: '_blank' } : {})}>
          {children}
        </a>
      );
    }
  }
}

function InlineNodes({ nodes, query }: { nodes: readonly Inline[]; query?: string }): ReactNode {
  return nodes.map((node, i) => <InlineNode key={i} node={node} query={query} />);
}

/** Content blocks (paragraphs and lists) with matches of `query` highlighted. */
export function RichText({ blocks, query }: { blocks: readonly Block[]; query?: string }): ReactNode {
  return blocks.map((block, i) => {
    if (block.type === 'paragraph')
      return (
        <p key={i}>
          <InlineNodes nodes={block.children} query={query} />
        </p>
      );
    const items = block.items.map((item, j) => (
      <li key={j}>
        <InlineNodes nodes={item} query={query} />
      </li>
    ));
    return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
  });
}
