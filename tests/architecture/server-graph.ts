// What the server registers, read from its source: every route with its full path, and the policies its
// handler reaches through the functions it calls, in any file of the server (tests/architecture/policies.test.ts).
// A route is registered by hand (`app.get('/path', handler)`, its path under the scopes' prefixes) or from its
// declaration (`route(app, area.declaration, handler)`, its method and path read from common/endpoints/).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { serverTarget } from './server-rules.ts';
import { root } from './source.ts';

/** The files whose exported functions are the policies. */
export const POLICY_FILES = ['server/policies/rules.ts', 'server/policies/admin-guard.ts'];

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** The function that registers a route from its declaration. */
const ROUTE_FUNCTION = { path: 'server/http/contract.ts', name: 'route' };

export interface Route {
  /** `GET /api/chapters/:id/` */
  key: string;
  /** The policies the handler reaches, and the admin guard when its scope has it. */
  policies: Set<string>;
}

type Found = { policy: string } | { path: string; node: ts.Node };

/** The server's source read as TypeScript syntax, one file at a time and once; `texts` stands in for files. */
export class ServerGraph {
  private readonly sources = new Map<string, ts.SourceFile>();

  constructor(private readonly texts: Record<string, string> = {}) {}

  private source(path: string): ts.SourceFile {
    let source = this.sources.get(path);
    if (!source) {
      const text = this.texts[path] ?? readFileSync(join(root, path), 'utf8');
      source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
      this.sources.set(path, source);
    }
    return source;
  }

  /** The top-level function, class or constant `name` of a file, or the policy it names. */
  find(path: string, name: string): Found | undefined {
    if (POLICY_FILES.includes(path)) return { policy: name };
    for (const statement of this.source(path).statements) {
      if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
        statement.name?.text === name
      ) {
        return { path, node: statement };
      }
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name)
            return { path, node: declaration };
        }
      }
    }
    const imported = this.imported(path, name);
    return imported ? this.find(imported.path, imported.name) : undefined;
  }

  /** Where a name a file imports (or re-exports) comes from, when it is a file of the server. */
  private imported(path: string, name: string): { path: string; name: string } | undefined {
    for (const statement of this.source(path).statements) {
      const isImport = ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly;
      const isExport = ts.isExportDeclaration(statement) && !statement.isTypeOnly;
      if (!isImport && !isExport) continue;
      const bindings = isImport
        ? (statement as ts.ImportDeclaration).importClause?.namedBindings
        : (statement as ts.ExportDeclaration).exportClause;
      if (!bindings || !('elements' in bindings)) continue;
      for (const element of bindings.elements) {
        if (element.name.text !== name || element.isTypeOnly) continue;
        const from = (statement as ts.ImportDeclaration | ts.ExportDeclaration).moduleSpecifier;
        if (!from) return undefined; // `export { name }` of a name imported above: found by the import
        const target = serverTarget(join(root, path), (from as ts.StringLiteral).text);
        if (!target) return undefined;
        return { path: target, name: (element.propertyName ?? element.name).text };
      }
    }
    return undefined;
  }

  /** The policies a piece of code reaches, through every function of the server it calls or names. */
  policiesOf(path: string, node: ts.Node, found = new Set<string>(), seen = new Set<string>()): Set<string> {
    const visit = (child: ts.Node) => {
      if (ts.isIdentifier(child) && !isMemberName(child)) {
        const target = this.find(path, child.text);
        if (target && 'policy' in target) found.add(target.policy);
        else if (target) {
          const key = `${target.path}#${child.text}`;
          if (!seen.has(key) && target.node !== node) {
            seen.add(key);
            this.policiesOf(target.path, target.node, found, seen);
          }
        }
      }
      ts.forEachChild(child, visit);
    };
    ts.forEachChild(node, visit);
    return found;
  }

  /** Every route registered from `name` in `path` (buildApp), with its full path and the policies it asks. */
  routes(path: string, name: string): Route[] {
    const start = this.find(path, name);
    if (!start || 'policy' in start) throw new Error(`${path} has no ${name}`);
    const routes: Route[] = [];
    this.collect(start.path, start.node, '', false, routes, new Set());
    return routes;
  }

  private collect(
    path: string,
    node: ts.Node,
    prefix: string,
    isGuarded: boolean,
    routes: Route[],
    visiting: Set<string>,
  ): void {
    const body = functionBody(node);
    if (!body) return;
    const guarded = isGuarded || callsHere(body, 'requireAdmin');
    const visit = (child: ts.Node): void => {
      if (ts.isCallExpression(child)) {
        const callee = child.expression;
        const [first, second] = child.arguments;
        const last = child.arguments[child.arguments.length - 1];
        if (ts.isIdentifier(callee) && this.isRouteFunction(path, callee.text)) {
          const handler = child.arguments[2];
          if (!second || !handler || !ts.isFunctionLike(handler)) {
            throw new Error(`${path}: a route() whose declaration or handler cannot be read`);
          }
          const policies = this.policiesOf(path, handler);
          if (guarded) policies.add('requireAdmin');
          routes.push({ key: this.declaredRoute(path, second), policies });
          return;
        }
        if (ts.isPropertyAccessExpression(callee) && METHODS.has(callee.name.text) && first && last) {
          if (ts.isStringLiteral(first) && ts.isFunctionLike(last)) {
            const policies = this.policiesOf(path, last);
            if (guarded) policies.add('requireAdmin');
            routes.push({ key: `${callee.name.text.toUpperCase()} ${prefix}${first.text}`, policies });
            return;
          }
        }
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'register' && first) {
          const inner = prefix + prefixOption(second);
          if (ts.isFunctionLike(first)) this.collect(path, first, inner, guarded, routes, visiting);
          else if (ts.isIdentifier(first)) this.follow(path, first.text, inner, guarded, routes, visiting);
          return;
        }
        if (ts.isIdentifier(callee)) this.follow(path, callee.text, prefix, guarded, routes, visiting);
      }
      // Functions inside are handlers or callbacks; those that register routes are reached by the calls above.
      if (!ts.isFunctionLike(child)) ts.forEachChild(child, visit);
    };
    ts.forEachChild(body, visit);
  }

  /** Whether `name`, in a file, is route() of server/http/contract.ts. */
  private isRouteFunction(path: string, name: string): boolean {
    const imported = this.imported(path, name);
    return imported?.path === ROUTE_FUNCTION.path && imported.name === ROUTE_FUNCTION.name;
  }

  /**
   * `METHOD /path` of the declaration a route() names, `area.name` (a namespace import) or `name` (a named
   * one) of common/endpoints/, read from its `endpoint({ method, path })`.
   */
  private declaredRoute(path: string, expression: ts.Expression): string {
    const [binding, name] = ts.isPropertyAccessExpression(expression)
      ? [expression.expression.getText(), expression.name.text]
      : [expression.getText(), expression.getText()];
    const file = this.commonImport(path, binding);
    const declaration = file ? this.exportedConstant(file, name) : undefined;
    const call = declaration?.initializer;
    const fields = call && ts.isCallExpression(call) ? call.arguments[0] : undefined;
    const method = fields && stringProperty(fields, 'method');
    const declared = fields && stringProperty(fields, 'path');
    if (!method || !declared) {
      throw new Error(
        `${path}: the declaration ${expression.getText()} cannot be read from common/endpoints/`,
      );
    }
    return `${method} ${declared}`;
  }

  /** The common/ file a name of a file is imported from, as a namespace or by name. */
  private commonImport(path: string, binding: string): string | undefined {
    for (const statement of this.source(path).statements) {
      if (!ts.isImportDeclaration(statement)) continue;
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text.match(/^#common\/(.+)$/);
      const bindings = statement.importClause?.namedBindings;
      if (!specifier || !bindings) continue;
      const isBound = ts.isNamespaceImport(bindings)
        ? bindings.name.text === binding
        : bindings.elements.some((element) => element.name.text === binding);
      if (isBound) return `common/${specifier[1]}`;
    }
    return undefined;
  }

  private exportedConstant(path: string, name: string): ts.VariableDeclaration | undefined {
    for (const statement of this.source(path).statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
      }
    }
    return undefined;
  }

  private follow(
    path: string,
    name: string,
    prefix: string,
    guarded: boolean,
    routes: Route[],
    visiting: Set<string>,
  ): void {
    const target = this.find(path, name);
    if (!target || 'policy' in target) return;
    const key = `${target.path}#${name}#${prefix}`;
    if (visiting.has(key)) return;
    visiting.add(key);
    this.collect(target.path, target.node, prefix, guarded, routes, visiting);
  }
}

/** A name that refers to nothing in scope: a member's (`a.x`, `{ x: … }`), a declared one, or a type's. */
function isMemberName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isTypeReferenceNode(parent) || ts.isExpressionWithTypeArguments(parent)) return true;
  if (ts.isBindingElement(parent)) return true;
  const named =
    ts.isPropertyAccessExpression(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isPropertySignature(parent) ||
    ts.isParameter(parent) ||
    ts.isVariableDeclaration(parent) ||
    ts.isFunctionDeclaration(parent) ||
    ts.isClassDeclaration(parent);
  return named && (parent as { name?: ts.Node }).name === node;
}

function functionBody(node: ts.Node): ts.Node | undefined {
  if (ts.isVariableDeclaration(node)) return node.initializer ? functionBody(node.initializer) : undefined;
  if (ts.isFunctionLike(node) && 'body' in node) return node.body ?? undefined;
  return undefined;
}

/** Whether a function's own body (not a function inside it) calls `name`. */
function callsHere(body: ts.Node, name: string): boolean {
  let found = false;
  const visit = (child: ts.Node) => {
    if (ts.isCallExpression(child) && ts.isIdentifier(child.expression) && child.expression.text === name) {
      found = true;
    }
    if (!found && !ts.isFunctionLike(child)) ts.forEachChild(child, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

/** The `prefix` of a register call's options, when it is written there. */
function prefixOption(options: ts.Expression | undefined): string {
  if (!options || !ts.isObjectLiteralExpression(options)) return '';
  for (const property of options.properties) {
    if (
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === 'prefix' &&
      ts.isStringLiteral(property.initializer)
    ) {
      return property.initializer.text;
    }
  }
  return '';
}

/** The text of a string property of an object literal (`method: 'GET'`). */
function stringProperty(node: ts.Node, name: string): string | undefined {
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  for (const property of node.properties) {
    if (
      ts.isPropertyAssignment(property) &&
      ts.isIdentifier(property.name) &&
      property.name.text === name &&
      ts.isStringLiteralLike(property.initializer)
    ) {
      return property.initializer.text;
    }
  }
  return undefined;
}
