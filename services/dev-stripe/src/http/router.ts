import type { ApiHandler, ApiRoute } from '../api/context.js';

interface Compiled {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: ApiHandler;
}

/** Matches `/v1/things/:id` style routes. */
export class Router {
  private readonly routes: Compiled[];

  constructor(routes: ApiRoute[]) {
    this.routes = routes.map((r) => {
      const names: string[] = [];
      const source = r.path.replace(/:(\w+)/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { method: r.method, pattern: new RegExp(`^${source}$`), names, handler: r.handler };
    });
  }

  match(
    method: string,
    path: string,
  ): { handler: ApiHandler; path: Record<string, string> } | 'wrong_method' | undefined {
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1]!);
      });
      return { handler: route.handler, path: params };
    }
    return pathMatched ? 'wrong_method' : undefined;
  }
}
