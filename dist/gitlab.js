import { createRequire as __cgCreateRequire } from 'node:module'; const require = __cgCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode2(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar2(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap2;
    exports.isNode = isNode2;
    exports.isPair = isPair;
    exports.isScalar = isScalar2;
    exports.isSeq = isSeq;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity2.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node, visitor, path) {
      const ctrl = callVisitor(key, node, visitor, path);
      if (identity2.isNode(ctrl) || identity2.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity2.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity2.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity2.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path) {
      const ctrl = await callVisitor(key, node, visitor, path);
      if (identity2.isNode(ctrl) || identity2.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity2.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity2.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node, path);
      if (identity2.isMap(node))
        return visitor.Map?.(key, node, path);
      if (identity2.isSeq(node))
        return visitor.Seq?.(key, node, path);
      if (identity2.isPair(node))
        return visitor.Pair?.(key, node, path);
      if (identity2.isScalar(node))
        return visitor.Scalar?.(key, node, path);
      if (identity2.isAlias(node))
        return visitor.Alias?.(key, node, path);
      return void 0;
    }
    function replaceNode(key, path, node) {
      const parent = path[path.length - 1];
      if (identity2.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity2.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity2.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity2.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version3] = parts;
            if (version3 === "1.1" || version3 === "1.2") {
              this.yaml.version = version3;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version3);
              onError(6, `Unsupported YAML version ${version3}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity2.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node) => {
            if (identity2.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity2.isScalar(ref.node) || identity2.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity2.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity2 = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity2.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity2.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity2 = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity2.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node) => {
              if (identity2.isAlias(node) || identity2.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found2 = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found2 = node;
        }
        if (found2 && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found2);
          if (!data) {
            toJS.toJS(found2, null, ctx);
            data = anchors2.get(found2);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found2, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found2;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity2.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors2 && source && anchors2.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity2.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count)
            count = c;
        }
        return count;
      } else if (identity2.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity2.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity2.isDocument(value))
        value = value.contents;
      if (identity2.isNode(value))
        return value;
      if (identity2.isPair(value)) {
        const map = ctx.schema[identity2.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity2.MAP] : Symbol.iterator in Object(value) ? schema[identity2.SEQ] : schema[identity2.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity2 = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity2.isNode(it) || identity2.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest] = path;
          const node = this.get(key, true);
          if (identity2.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity2.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity2.isScalar(node) ? node.value : node;
        else
          return identity2.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity2.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity2.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity2.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity2.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str, indent, comment) => str.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text2, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text2;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text2.length <= endStep)
        return text2;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text2, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text2[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text2[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text2, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text2[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text2[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text2;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text2;
      if (onFold)
        onFold();
      let res = text2.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text2.length;
        if (fold === 0)
          res = `
${indent}${text2.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text2[fold]}\\`;
          res += `
${indent}${text2.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text2, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text2[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text2[++i];
        } else {
          do {
            ch = text2[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text2[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
    function lineLengthOverLimit(str, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str += "\\0";
                    break;
                  case "0007":
                    str += "\\a";
                    break;
                  case "000b":
                    str += "\\v";
                    break;
                  case "001b":
                    str += "\\e";
                    break;
                  case "0085":
                    str += "\\N";
                    break;
                  case "00a0":
                    str += "\\_";
                    break;
                  case "2028":
                    str += "\\L";
                    break;
                  case "2029":
                    str += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str += "\\x" + code.substr(2);
                    else
                      str += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str += "\n";
                  i += 2;
                }
                str += indent;
                if (json[i + 2] === " ")
                  str += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str = start ? str + json.slice(start) : json;
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity2 = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity2.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity2.isScalar(node) || identity2.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity2.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity2.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity2.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity2.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str;
      return identity2.isScalar(node) || str[0] === "{" || str[0] === "[" ? `${props} ${str}` : `${props}
${ctx.indent}${str}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity2.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity2.isCollection(key) || !identity2.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity2.isCollection(key) || (identity2.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str === "" ? "?" : explicitKey ? `? ${str}` : str;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}
${indent}:`;
      } else {
        str = `${str}:`;
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity2.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity2.isScalar(value))
        ctx.indentAtStart = str.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity2.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity2.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge.identify(key) || identity2.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity2.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity2.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity2.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity2 = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity2.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity2.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity2 = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity2.NODE_TYPE, { value: identity2.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity2.isNode(key))
          key = key.clone(schema);
        if (identity2.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity2.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity2.isPair(item)) {
          const ik = identity2.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str2 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str2);
      }
      let str;
      if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
      } else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity2.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity2.isPair(item)) {
          const ik = identity2.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity2.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes("\n"));
        if (i < items.length - 1) {
          str += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str += ",";
          }
        }
        if (comment)
          str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str = start;
          for (const line of lines)
            str += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity2.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity2.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity2.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity2.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add2 = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add2(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add2(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity2.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity2.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity2.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity2.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity2.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity2.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity2.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity2.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity2.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity2.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str) => str,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str) => new Scalar.Scalar(str[0] === "t" || str[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf(".");
        if (dot !== -1 && str[str.length - 1] === "0")
          node.minFractionDigits = str.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str) => str,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str) => str === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str) => parseFloat(str),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str.length);
          for (let i = 0; i < str.length; ++i)
            buffer[i] = str.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str;
        if (typeof node_buffer.Buffer === "function") {
          str = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str.substr(o, lineWidth);
          }
          str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity2.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity2.isPair(item))
            continue;
          else if (identity2.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity2.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity2.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity2.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, "")));
        const dot = str.indexOf(".");
        if (dot !== -1) {
          const f = str.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str, offset, radix, { intAsBigInt }) {
      const sign = str[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str = str.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str = `0b${str}`;
            break;
          case 8:
            str = `0o${str}`;
            break;
          case 16:
            str = `0x${str}`;
            break;
        }
        const n2 = BigInt(str);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? "-" + prefix + str.substr(1) : prefix + str;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity2.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity2.isPair(pair) ? identity2.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity2.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str, asBigInt) {
      const sign = str[0];
      const parts = sign === "-" || sign === "+" ? str.substring(1) : str;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str) => parseSexagesimal(str, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity2.MAP, { value: map.map });
        Object.defineProperty(this, identity2.SCALAR, { value: string.string });
        Object.defineProperty(this, identity2.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity2.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity2.NODE_TYPE, { value: identity2.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version: version3 } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version3 = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version: version3 });
        this.setSchema(version3, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity2.NODE_TYPE]: { value: identity2.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity2.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity2.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity2.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity2.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity2.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity2.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity2.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version3, options = {}) {
        if (typeof version3 === "number")
          version3 = String(version3);
        let opt;
        switch (version3) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version3;
            else
              this.directives = new directives.Directives({ version: version3 });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version3);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity2.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found2 = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found2 || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found2)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found2 = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found: found2,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity2.isScalar(a) && identity2.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep: sep9, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep9?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep9) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep9 ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep9, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep9 = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep9 + cb;
              sep9 = "";
              break;
            }
            case "newline":
              if (comment)
                sep9 += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap2 = fc.start.source === "{";
      const fcName = isMap2 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap2 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep: sep9, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep9?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep9 && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap2 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity2.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap2 && !sep9 && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep9, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep9 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap2 && !props.found && ctx.options.strict) {
              if (sep9)
                for (const st of sep9) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep9, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap2) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap2 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity2.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep9 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep9 + indent.slice(trimIndent) + content;
          sep9 = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep9 === " ")
            sep9 = "\n";
          else if (!prevMoreIndented && sep9 === "\n")
            sep9 = "\n\n";
          value += sep9 + indent.slice(trimIndent) + content;
          sep9 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep9 === "\n")
            value += "\n";
          else
            sep9 = "\n";
        } else {
          value += sep9 + content;
          sep9 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length2 = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length2 += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length2 += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length2 += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length2 += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length: length2 };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd2 = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd2, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd2, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep9 = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep9 === "\n")
            res += sep9;
          else
            sep9 = "\n";
        } else {
          res += sep9 + lm;
          sep9 = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep9 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length2 = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length2, onError);
            i += length2;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length2, onError) {
      const cc = source.substr(offset, length2);
      const ok = cc.length === length2 && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length2 + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity2.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity2.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity2.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity2.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity2.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity2.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity2.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity2 = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity2.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd2 = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd2, options.strict, onError);
      alias.range = [offset, valueEnd2, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity2 = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity2.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity2.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head2 = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head2 }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head2 = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head2;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head2 }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep: sep9, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep9)
        for (const st of sep9)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar2 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar2;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter2 = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter2;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep9;
          if (scalar.end) {
            sep9 = scalar.end;
            sep9.push(this.sourceToken);
            delete scalar.end;
          } else
            sep9 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep: sep9 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep9 = it.sep;
                  sep9.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep: sep9 }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep9 = fc.end.splice(1, fc.end.length);
            sep9.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep9 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity2 = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity2.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument2;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity2.isAlias;
    exports.isCollection = identity2.isCollection;
    exports.isDocument = identity2.isDocument;
    exports.isMap = identity2.isMap;
    exports.isNode = identity2.isNode;
    exports.isPair = identity2.isPair;
    exports.isScalar = identity2.isScalar;
    exports.isSeq = identity2.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

// node_modules/ajv/dist/runtime/ucs2length.js
var require_ucs2length = __commonJS({
  "node_modules/ajv/dist/runtime/ucs2length.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    function ucs2length(str) {
      const len = str.length;
      let length2 = 0;
      let pos = 0;
      let value;
      while (pos < len) {
        length2++;
        value = str.charCodeAt(pos++);
        if (value >= 55296 && value <= 56319 && pos < len) {
          value = str.charCodeAt(pos);
          if ((value & 64512) === 56320)
            pos++;
        }
      }
      return length2;
    }
    exports.default = ucs2length;
    ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
  }
});

// src/gitlab/run.ts
import { join as join35 } from "node:path";

// src/ci/pipeline.ts
import { mkdirSync as mkdirSync13 } from "node:fs";
import { isAbsolute as isAbsolute8, join as join31, relative as relative14 } from "node:path";

// src/untrusted/write.ts
import { basename as basename2, dirname as dirname3, join as join3, resolve } from "node:path";
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync as lstatSync3,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync as realpathSync3,
  renameSync,
  rmSync as rmSync2,
  unlinkSync,
  writeSync
} from "node:fs";

// src/errors.ts
var ExitCode = {
  ok: 0,
  /** A regression over its threshold, when asked to fail on one (or `check` found nondeterminism). */
  regression: 1,
  /** Bad usage, configuration, baseline file or output directory: nothing was measured. */
  usage: 2,
  /** A benchmark (or a setup command) failed or timed out. */
  benchmarkFailed: 3,
  /** An internal error (a bug in cg-bench): anything thrown that is not a CgBenchError. */
  internal: 70
};
var CgBenchError = class extends Error {
  constructor(message, exitCode = ExitCode.usage) {
    super(message);
    this.exitCode = exitCode;
    this.name = "CgBenchError";
  }
  exitCode;
};
function errorMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/untrusted/remove.ts
import { spawn, spawnSync } from "node:child_process";
import { lstatSync as lstatSync2, realpathSync as realpathSync2, rmSync } from "node:fs";
import { basename, dirname as dirname2, join as join2 } from "node:path";

// src/untrusted/environment.ts
import { lstatSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
var SYSTEM_PATH = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];
function rootsOnly(dir) {
  try {
    for (let at = realpathSync(dir); ; at = dirname(at)) {
      const s = lstatSync(at);
      if (!s.isDirectory() || s.uid !== 0 || (s.mode & 18) !== 0) return false;
      if (at === "/") return true;
    }
  } catch {
    return false;
  }
}
var systemPath;
function ownProgramsPath() {
  const chosen = process.env["CG_BENCH_OWN_PATH"];
  if (chosen) return chosen;
  systemPath ??= SYSTEM_PATH.filter(rootsOnly).join(":") || "/usr/bin:/bin";
  return systemPath;
}
function ownProgramsEnv() {
  return { PATH: ownProgramsPath(), LC_ALL: "C", LANGUAGE: "C" };
}
function guardProblem(dir) {
  const own = process.getuid?.() ?? 0;
  for (let at = dir; ; at = dirname(at)) {
    const s = lstatSync(at);
    const mode = (s.mode & 4095).toString(8);
    if (!s.isDirectory()) return `${at} is not a directory`;
    if (s.uid !== 0 && s.uid !== own) return `${at} belongs to uid ${s.uid}`;
    if ((s.mode & 18) !== 0 && (s.mode & 512) === 0) return `${at} may be written by others (mode ${mode}, no sticky bit)`;
    if (own === 0 && (s.mode & 1) === 0) return `the code's uid cannot enter ${at} (mode ${mode})`;
    if (at === "/") return void 0;
  }
}
var ownTmp;
function ownTmpdir() {
  if (ownTmp !== void 0) return ownTmp;
  const given = tmpdir();
  let problem;
  try {
    const real = realpathSync(given);
    problem = guardProblem(real);
    if (problem === void 0) ownTmp = real;
  } catch (error) {
    problem = errorMessage(error);
  }
  if (ownTmp === void 0) {
    const fallback = guardProblem("/tmp");
    if (fallback !== void 0)
      throw new CgBenchError(`no temporary directory cg-bench can keep its own files in: TMPDIR (${given}): ${problem}; /tmp: ${fallback}`);
    process.stderr.write(`cg-bench: TMPDIR (${given}) is not used for cg-bench's own files (${problem}): /tmp is
`);
    ownTmp = "/tmp";
  }
  return ownTmp;
}
var SHARED_TMP_DIRS = ["/tmp", "/var/tmp", "/dev/shm"];
function inSharedTmp(path) {
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
  }
  return [path, real].some((p) => SHARED_TMP_DIRS.some((dir) => p.startsWith(`${dir}/`)));
}
var found = /* @__PURE__ */ new Map();
function ownProgram(name) {
  const path = ownProgramsPath();
  const key = `${path}\0${name}`;
  let program = found.get(key);
  if (program === void 0) {
    program = name;
    for (const dir of path.split(":")) {
      if (!dir.startsWith("/")) break;
      try {
        const s = statSync(join(dir, name));
        if (s.isFile() && (s.mode & 73) !== 0) {
          if (!inSharedTmp(join(dir, name))) program = join(dir, name);
          break;
        }
      } catch {
      }
    }
    found.set(key, program);
  }
  return program;
}

// src/untrusted/remove.ts
function asId(id) {
  return [ownProgram("setpriv"), `--reuid=${id.uid}`, `--regid=${id.gid}`, "--clear-groups", "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--"];
}
function removeAsOwners(paths) {
  const run = (argv) => spawnSync(argv[0], argv.slice(1), { env: ownProgramsEnv(), stdio: "ignore", timeout: REMOVE_TIMEOUT_MS }).status === 0;
  for (const removal of removals(paths)) {
    if (run(removal.remove) || !removal.giveRights) continue;
    run(removal.giveRights);
    run(removal.remove);
  }
}
async function removeAsOwnersAsync(paths) {
  const run = (argv) => new Promise((resolve10) => {
    const child = spawn(argv[0], argv.slice(1), { env: ownProgramsEnv(), stdio: "ignore", timeout: REMOVE_TIMEOUT_MS });
    child.once("error", () => resolve10(false));
    child.once("close", (code) => resolve10(code === 0));
  });
  for (const removal of removals(paths)) {
    if (await run(removal.remove) || !removal.giveRights) continue;
    await run(removal.giveRights);
    await run(removal.remove);
  }
}
function removals(paths) {
  const self = process.getuid?.() ?? -1;
  const byOwner = /* @__PURE__ */ new Map();
  for (const given of paths) {
    let stat;
    try {
      stat = lstatSync2(given);
    } catch {
      continue;
    }
    let path = given;
    if (given.startsWith("/proc/self/")) {
      if (stat.uid === self) {
        try {
          rmSync(given, { recursive: true, force: true });
        } catch {
        }
        continue;
      }
      try {
        path = join2(realpathSync2(dirname2(given)), basename(given));
      } catch {
        continue;
      }
    }
    const key = `${stat.uid}:${stat.gid}`;
    const group = byOwner.get(key) ?? { id: { uid: stat.uid, gid: stat.gid }, dirs: [], others: [] };
    (stat.isDirectory() ? group.dirs : group.others).push(path);
    byOwner.set(key, group);
  }
  return [...byOwner.values()].map(({ id, dirs, others }) => {
    const as = self === 0 && id.uid !== 0 ? asId(id) : [];
    const remove = [...as, ownProgram("rm"), "-rf", "--one-file-system", "--", ...dirs, ...others];
    if (!dirs.length || self === 0 && id.uid === 0) return { remove };
    return { remove, giveRights: [...as, ownProgram("chmod"), "-R", "u+rwx", "--", ...dirs] };
  });
}
var REMOVE_TIMEOUT_MS = 12e4;

// src/untrusted/write.ts
var FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;
function replaced(path, what) {
  return new CgBenchError(
    `${path}: ${what} while the benchmarks ran; cg-bench never writes through a link or into anything but a new plain file`,
    ExitCode.benchmarkFailed
  );
}
function openNewFile(path, expected = join3(realpathSync3(dirname3(path)), basename2(path)), mode = 420) {
  const leadsTo = realpathSync3(dirname3(path));
  if (leadsTo !== dirname3(expected)) throw replaced(expected, `reached through a link (its directory is ${leadsTo})`);
  try {
    unlinkSync(path);
  } catch (error) {
    const code = error.code;
    if (code === "EISDIR") throw replaced(expected, "replaced by a directory");
    if (code === "EPERM" || code === "EACCES")
      throw new CgBenchError(`${expected}: what is there cannot be replaced (${code}); cg-bench writes only new files here`, ExitCode.benchmarkFailed);
    if (code !== "ENOENT") throw error;
  }
  let fd;
  try {
    fd = openSync(path, FLAGS, mode);
  } catch (error) {
    const code = error.code;
    if (code === "EEXIST" || code === "ELOOP") throw replaced(expected, "replaced by a link or another file");
    throw error;
  }
  let opened;
  try {
    opened = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
  }
  if (opened !== void 0 && opened !== expected || !fstatSync(fd).isFile()) {
    closeSync(fd);
    throw replaced(expected, `reached through a link (it is ${opened ?? "not a plain file"})`);
  }
  return fd;
}
function realPathBeforeRuns(dir) {
  return realpathSync3(dir);
}
function assertSameDirectory(path, expected) {
  const now = realpathSync3(path);
  if (now !== expected) throw replaced(expected, `replaced by a link (to ${now})`);
}
function writeNewFile(path, text2, expected) {
  const fd = openNewFile(path, expected);
  try {
    for (const piece of typeof text2 === "string" ? [text2] : text2) {
      const bytes = Buffer.from(piece);
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
    }
  } finally {
    closeSync(fd);
  }
}
function holdOwnDirectory(path, expected) {
  const uid = process.getuid?.();
  let stat;
  try {
    stat = lstatSync3(path);
  } catch {
    stat = void 0;
  }
  if (stat && !(stat.isDirectory() && stat.uid === uid && (stat.mode & 18) === 0)) removeAsOwners([path]);
  mkdirSync(path, { recursive: true, mode: 493 });
  return holdDirectory(path, expected, (own) => own.uid === uid && (own.mode & 18) === 0);
}
function holdDirectory(path, expected, accept = () => true) {
  const fd = openSync(path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  const opened = readlinkSync(`/proc/self/fd/${fd}`);
  if (opened !== expected || !accept(fstatSync(fd))) {
    closeSync(fd);
    throw new CgBenchError(`${path}: not the directory cg-bench made there (it is ${opened}); cg-bench never writes through a link`);
  }
  return { path: `/proc/self/fd/${fd}`, release: () => closeSync(fd) };
}
function trustedOwner(uid) {
  return uid === 0 || uid === process.getuid?.();
}
function prefixes(path) {
  const parts = resolve(path).split("/").filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, i + 1).join("/")}`);
}
function linksOursOnTheWay(path) {
  for (const at of prefixes(path)) {
    let stat;
    try {
      stat = lstatSync3(at);
    } catch {
      return true;
    }
    if (stat.isSymbolicLink() && !trustedOwner(stat.uid)) return false;
  }
  return true;
}
function directoriesOursOnTheWay(real) {
  const all = prefixes(real);
  return all.every((at, i) => {
    const stat = lstatSync3(at);
    const othersWrite = (stat.mode & 18) !== 0;
    return stat.isDirectory() && trustedOwner(stat.uid) && (!othersWrite || i < all.length - 1 && (stat.mode & 512) !== 0);
  });
}
function holdKeptDirectory(dir) {
  try {
    if (!linksOursOnTheWay(dir)) return void 0;
    mkdirSync(dir, { recursive: true, mode: 448 });
    const real = realpathSync3(dir);
    if (!linksOursOnTheWay(dir) || !directoriesOursOnTheWay(real)) return void 0;
    const uid = process.getuid?.();
    const held2 = holdDirectory(real, real, (s) => s.uid === uid && (s.mode & 18) === 0);
    return { ...held2, real };
  } catch {
    return void 0;
  }
}
function replaceKeptFile(dir, name, data, mode = 384) {
  const temporary = `${name}.${process.pid}.tmp`;
  const fd = openNewFile(join3(dir.path, temporary), join3(dir.real, temporary), mode);
  try {
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written);
  } finally {
    closeSync(fd);
  }
  renameSync(join3(dir.path, temporary), join3(dir.path, name));
}
function namesOf(name) {
  const names = name.split("/");
  if (names.some((n) => n === "" || n === "." || n === "..")) throw new Error(`${JSON.stringify(name)} is not a relative path of plain names`);
  return names;
}
function makeDirectoriesBeneath(base, names, emptyLast) {
  let path = base;
  for (const [i, name] of names.entries()) {
    path = join3(path, name);
    let stat;
    try {
      stat = lstatSync3(path);
    } catch {
      stat = void 0;
    }
    const fresh = !stat?.isDirectory() || emptyLast && i === names.length - 1;
    if (stat && fresh) rmSync2(path, { recursive: true, force: true });
    if (fresh) mkdirSync(path, { mode: 493 });
  }
}
function writerBeneath(held2, real) {
  return (name, text2) => {
    makeDirectoriesBeneath(held2.path, namesOf(name).slice(0, -1), false);
    writeNewFile(join3(held2.path, name), text2, join3(real, name));
  };
}
function freshDirectoryBeneath(held2, real, sub) {
  makeDirectoriesBeneath(held2.path, namesOf(sub), true);
  const write = writerBeneath(held2, real);
  return (name, text2) => write(`${sub}/${name}`, text2);
}

// src/metric/events.ts
var EVENT_NAMES = ["Ir", "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw"];
function zeroEvents() {
  return { Ir: 0, I1mr: 0, ILmr: 0, Dr: 0, D1mr: 0, DLmr: 0, Dw: 0, D1mw: 0, DLmw: 0 };
}
var positions = /* @__PURE__ */ new WeakMap();
function positionsOf(names) {
  let found2 = positions.get(names);
  if (!found2) {
    found2 = EVENT_NAMES.map((name) => {
      const index = names.indexOf(name);
      if (index < 0) throw new Error(`event ${name} is missing (was the cache simulation off? events: ${names.join(" ")})`);
      return index;
    });
    positions.set(names, found2);
  }
  return found2;
}
function eventsFromVector(names, costs) {
  const at = positionsOf(names);
  return {
    Ir: costs[at[0]] ?? 0,
    I1mr: costs[at[1]] ?? 0,
    ILmr: costs[at[2]] ?? 0,
    Dr: costs[at[3]] ?? 0,
    D1mr: costs[at[4]] ?? 0,
    DLmr: costs[at[5]] ?? 0,
    Dw: costs[at[6]] ?? 0,
    D1mw: costs[at[7]] ?? 0,
    DLmw: costs[at[8]] ?? 0
  };
}
function addEvents(a, b) {
  return {
    Ir: a.Ir + b.Ir,
    I1mr: a.I1mr + b.I1mr,
    ILmr: a.ILmr + b.ILmr,
    Dr: a.Dr + b.Dr,
    D1mr: a.D1mr + b.D1mr,
    DLmr: a.DLmr + b.DLmr,
    Dw: a.Dw + b.Dw,
    D1mw: a.D1mw + b.D1mw,
    DLmw: a.DLmw + b.DLmw
  };
}
function hitsFromEvents(e) {
  const ram = e.ILmr + e.DLmr + e.DLmw;
  const ll = e.I1mr + e.D1mr + e.D1mw - ram;
  const l1 = e.Ir + e.Dr + e.Dw - ll - ram;
  return { l1, ll, ram };
}
function estimatedCycles(hits, weights) {
  return weights.l1 * hits.l1 + weights.ll * hits.ll + weights.ram * hits.ram;
}
function cyclesFromEvents(e, weights) {
  return estimatedCycles(hitsFromEvents(e), weights);
}

// src/parse/dhat.ts
var HEAP_FIGURES = ["totalBytes", "totalBlocks", "peakBytes", "peakBlocks", "exitBytes", "exitBlocks"];
var FIELD = {
  totalBytes: "tb",
  totalBlocks: "tbk",
  peakBytes: "gb",
  peakBlocks: "gbk",
  exitBytes: "eb",
  exitBlocks: "ebk"
};
var isCount = (v) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
var MAX_DHAT_VALUES = 8e6;
function valuesAtMost(text2) {
  let count = 1;
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    if (c === 44 || c === 91 || c === 123) count++;
  }
  return count;
}
function parseDhat(text2, name) {
  if (valuesAtMost(text2) > MAX_DHAT_VALUES)
    throw new Error(`${name}: more than ${MAX_DHAT_VALUES.toLocaleString("en-US")} JSON values; not a DHAT profile cg-bench can read`);
  let doc;
  try {
    doc = JSON.parse(text2);
  } catch (error) {
    throw new Error(`${name} is not JSON: ${error.message}`);
  }
  const top = typeof doc === "object" && doc !== null ? doc : {};
  if (top["dhatFileVersion"] !== 2 || top["mode"] !== "heap" || !Array.isArray(top["pps"])) {
    throw new Error(`${name} is not a DHAT heap profile (dhatFileVersion 2, mode "heap", a list "pps")`);
  }
  const figures = Object.fromEntries(HEAP_FIGURES.map((f) => [f, 0]));
  for (const [i, pp] of top["pps"].entries()) {
    const record = typeof pp === "object" && pp !== null ? pp : {};
    for (const figure of HEAP_FIGURES) {
      const value = record[FIELD[figure]];
      if (!isCount(value)) throw new Error(`${name}: pps[${i}].${FIELD[figure]} is not a count of bytes or blocks`);
      figures[figure] += value;
    }
  }
  if (!HEAP_FIGURES.every((f) => Number.isSafeInteger(figures[f]))) throw new Error(`${name}: its sums are too large to be exact`);
  return { pid: isCount(top["pid"]) ? top["pid"] : 0, cmd: typeof top["cmd"] === "string" ? top["cmd"] : "", ...figures };
}
function sumHeapFigures(profiles) {
  const sum = Object.fromEntries(HEAP_FIGURES.map((f) => [f, 0]));
  for (const p of profiles) for (const f of HEAP_FIGURES) sum[f] += p[f];
  return sum;
}

// src/results/io.ts
import { closeSync as closeSync3, existsSync, mkdirSync as mkdirSync2, renameSync as renameSync2, rmSync as rmSync3, writeSync as writeSync3 } from "node:fs";
import { basename as basename4, dirname as dirname5, join as join5, resolve as resolve3 } from "node:path";

// schemas/results.schema.json
var results_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://github.com/org/cg-bench/blob/v1/schemas/results.schema.json",
  title: "cg-bench results (results.json)",
  type: "object",
  required: ["schemaVersion", "tool", "createdAt", "configHash", "environment", "benchmarks"],
  additionalProperties: false,
  properties: {
    schemaVersion: { const: 1 },
    tool: { const: "cg-bench" },
    createdAt: { type: "string", maxLength: 40 },
    configHash: { type: "string", pattern: "^[0-9a-f]{64}$" },
    environment: { $ref: "#/definitions/environment" },
    benchmarks: { type: "array", maxItems: 1e4, items: { $ref: "#/definitions/benchmark" } },
    shard: {
      description: "Set when the run measured one part of the suite (--shard I/N): which part, and every benchmark of the suite in configuration order. Absent in a whole run.",
      type: "object",
      required: ["index", "count", "benchmarks"],
      additionalProperties: false,
      properties: {
        index: { type: "integer", minimum: 1, maximum: 1024 },
        count: { type: "integer", minimum: 1, maximum: 1024 },
        benchmarks: { type: "array", maxItems: 1e4, items: { $ref: "#/definitions/text" } }
      }
    },
    timed: {
      description: "Benchmarks timed natively by cg-bench paired (mode: wallclock or counters), base and head paired on one machine, with every raw sample. Absent when none was timed.",
      type: "array",
      maxItems: 1e4,
      items: { $ref: "#/definitions/timed" }
    }
  },
  definitions: {
    samples: { type: "array", maxItems: 1e6, items: { type: "number", minimum: 0 } },
    timed: {
      type: "object",
      additionalProperties: false,
      required: ["name", "mode", "unit", "controls", "thresholdPercent", "budgetMs", "warmups", "verdict", "estimate", "base", "head", "order"],
      properties: {
        name: { type: "string", minLength: 1, maxLength: 100 },
        mode: { enum: ["wallclock", "cputime", "counters"] },
        unit: { enum: ["ms", "cycles"] },
        controls: { type: "array", maxItems: 100, items: { $ref: "#/definitions/text" } },
        thresholdPercent: { type: "number", minimum: 0 },
        budgetMs: { type: "number", minimum: 0 },
        warmups: { $ref: "#/definitions/count" },
        verdict: { enum: ["regression", "improvement", "no significant change", "inconclusive"] },
        estimate: {
          type: "object",
          additionalProperties: false,
          required: ["relative", "low", "high", "confidence", "pairs", "dropped", "method"],
          properties: {
            relative: { type: "number" },
            low: { type: "number" },
            high: { type: "number" },
            confidence: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 },
            pairs: { $ref: "#/definitions/count" },
            dropped: { $ref: "#/definitions/count" },
            method: { type: "string", maxLength: 200 }
          }
        },
        base: { $ref: "#/definitions/samples" },
        head: { $ref: "#/definitions/samples" },
        order: { type: "array", maxItems: 2e6, items: { enum: ["base", "head"] } },
        extra: {
          type: "object",
          maxProperties: 16,
          additionalProperties: {
            type: "object",
            additionalProperties: false,
            required: ["base", "head"],
            properties: { base: { $ref: "#/definitions/samples" }, head: { $ref: "#/definitions/samples" } }
          }
        }
      }
    },
    count: { type: "integer", minimum: 0 },
    text: { type: "string", maxLength: 4096 },
    nullableText: { type: ["string", "null"], maxLength: 4096 },
    cacheLevel: { type: "string", pattern: "^[0-9]+,[0-9]+,[0-9]+$" },
    events: {
      type: "object",
      additionalProperties: false,
      required: ["Ir", "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw"],
      properties: {
        Ir: { $ref: "#/definitions/count" },
        I1mr: { $ref: "#/definitions/count" },
        ILmr: { $ref: "#/definitions/count" },
        Dr: { $ref: "#/definitions/count" },
        D1mr: { $ref: "#/definitions/count" },
        DLmr: { $ref: "#/definitions/count" },
        Dw: { $ref: "#/definitions/count" },
        D1mw: { $ref: "#/definitions/count" },
        DLmw: { $ref: "#/definitions/count" }
      }
    },
    hits: {
      type: "object",
      additionalProperties: false,
      required: ["l1", "ll", "ram"],
      properties: {
        l1: { $ref: "#/definitions/count" },
        ll: { $ref: "#/definitions/count" },
        ram: { $ref: "#/definitions/count" }
      }
    },
    command: {
      oneOf: [
        { type: "string", maxLength: 65536 },
        { type: "array", maxItems: 4096, items: { type: "string", maxLength: 65536 } }
      ]
    },
    environment: {
      type: "object",
      additionalProperties: false,
      required: ["cgBench", "valgrind", "glibc", "os", "arch", "python", "cpu", "workspace", "cache", "weights", "image"],
      properties: {
        cgBench: { $ref: "#/definitions/text" },
        method: { description: "How cg-bench ran what it measured, where that reaches the count (the code's environment and its order, symbol binding, the seal's steps): raised with each such change; absent in results made before 2.", type: "integer", minimum: 2 },
        valgrind: { $ref: "#/definitions/text" },
        glibc: { $ref: "#/definitions/nullableText" },
        os: { $ref: "#/definitions/nullableText" },
        arch: { $ref: "#/definitions/text" },
        python: { $ref: "#/definitions/nullableText" },
        workspace: { $ref: "#/definitions/text" },
        cpu: {
          type: "object",
          additionalProperties: false,
          required: ["hwcaps", "vendor", "brand", "features"],
          properties: {
            hwcaps: { $ref: "#/definitions/nullableText" },
            vendor: { $ref: "#/definitions/nullableText" },
            brand: { $ref: "#/definitions/nullableText" },
            features: { type: "array", maxItems: 256, items: { type: "string", maxLength: 64 } }
          }
        },
        cache: {
          type: "object",
          additionalProperties: false,
          required: ["I1", "D1", "LL"],
          properties: {
            I1: { $ref: "#/definitions/cacheLevel" },
            D1: { $ref: "#/definitions/cacheLevel" },
            LL: { $ref: "#/definitions/cacheLevel" }
          }
        },
        weights: {
          type: "object",
          additionalProperties: false,
          required: ["l1", "ll", "ram"],
          properties: {
            l1: { type: "number", minimum: 0 },
            ll: { type: "number", minimum: 0 },
            ram: { type: "number", minimum: 0 }
          }
        },
        image: {
          type: "object",
          additionalProperties: false,
          required: ["ref", "digest"],
          properties: {
            ref: { $ref: "#/definitions/nullableText" },
            digest: { $ref: "#/definitions/nullableText" }
          }
        },
        host: {
          type: "object",
          additionalProperties: false,
          required: ["dispatch", "platform", "hwcapsActive", "auxvTypes", "cpusOnline", "cpusPossible", "affinity"],
          properties: {
            dispatch: { $ref: "#/definitions/nullableText" },
            platform: { $ref: "#/definitions/nullableText" },
            hwcapsActive: { $ref: "#/definitions/nullableText" },
            auxvTypes: { $ref: "#/definitions/nullableText" },
            cpusOnline: { $ref: "#/definitions/nullableText" },
            cpusPossible: { $ref: "#/definitions/nullableText" },
            affinity: { type: "integer", minimum: 0 },
            loaderFiles: { type: "string", pattern: "^[0-9a-f]{16}$" }
          }
        }
      }
    },
    benchmark: {
      type: "object",
      additionalProperties: false,
      required: ["name", "command", "cwd", "instrument", "thresholdPercent", "status", "exitCode", "signal", "wallTimeMs", "estimatedCycles", "events", "hits", "processes", "functions", "logs"],
      properties: {
        name: { type: "string", minLength: 1, maxLength: 100 },
        command: { $ref: "#/definitions/command" },
        cwd: { $ref: "#/definitions/text" },
        instrument: { enum: ["whole", "region"] },
        thresholdPercent: { type: "number", minimum: 0 },
        status: { enum: ["ok", "failed", "timeout"] },
        exitCode: { type: ["integer", "null"] },
        signal: { type: ["string", "null"], maxLength: 32 },
        message: { type: "string", maxLength: 65536 },
        wallTimeMs: { type: "number", minimum: 0 },
        estimatedCycles: { type: ["number", "null"], minimum: 0 },
        events: { oneOf: [{ $ref: "#/definitions/events" }, { type: "null" }] },
        hits: { oneOf: [{ $ref: "#/definitions/hits" }, { type: "null" }] },
        processes: {
          type: "array",
          maxItems: 1e5,
          items: {
            type: "object",
            additionalProperties: false,
            required: ["pid", "cmd", "estimatedCycles", "events", "file"],
            properties: {
              pid: { $ref: "#/definitions/count" },
              cmd: { type: "string", maxLength: 65536 },
              estimatedCycles: { type: "number", minimum: 0 },
              events: { $ref: "#/definitions/events" },
              file: { $ref: "#/definitions/text" }
            }
          }
        },
        allFunctions: { description: "Every function and line was kept (check, bisect), not only the costliest.", const: true },
        seal: {
          description: "What the measured run was sealed by (each reaches the count); absent in older results.",
          type: "object",
          additionalProperties: false,
          required: ["pids", "ids", "network", "cpus", "entropy"],
          properties: {
            pids: { enum: ["own", "host"] },
            ids: { enum: ["anonymous", "caller", "host"] },
            network: { enum: ["none", "host"] },
            cpus: { enum: ["one", "host"] },
            entropy: { enum: ["fixed", "os"] },
            tmp: { description: "/tmp, /var/tmp and /dev/shm: the run's own, empty (private), or shared with every run on the machine; absent in older results.", enum: ["private", "shared"] },
            proc: { description: "/proc: a procfs of the run's own pid namespace (own), or the one cg-bench sees (host: where a container engine's masked /proc makes the kernel refuse a new one); absent in older results.", enum: ["own", "host"] },
            ipc: { description: "SysV IPC (shared memory, message queues, semaphores): a namespace of the run's own, or the machine's; absent in older results.", enum: ["own", "host"] },
            hostname: { description: "The host name the code sees: fixed (cg-bench, a UTS namespace of its own) or the machine's; absent in older results.", enum: ["fixed", "host"] },
            pythonResets: { type: "boolean" },
            devices: { type: "string", maxLength: 200 },
            symbols: { description: "now: LD_BIND_NOW was set (every shared-library symbol bound at start, as cg-bench does for instrument: region); absent: bound lazily.", const: "now" }
          }
        },
        executables: {
          description: "What the processes ran from outside the workspace (programs, interpreters, shared libraries) with content hashes; absent in older results.",
          type: "array",
          maxItems: 1e4,
          items: {
            type: "object",
            additionalProperties: false,
            required: ["path", "sha256", "main"],
            properties: {
              path: { type: "string", maxLength: 4096 },
              sha256: { type: "string", pattern: "^[0-9a-f]{64}$" },
              main: { type: "boolean" }
            }
          }
        },
        functions: {
          description: "Functions costing at least 0.1 % of the total (every one with allFunctions), costliest first; the ten costliest with their lines.",
          type: "array",
          maxItems: 1e5,
          items: {
            type: "object",
            additionalProperties: false,
            required: ["fn", "file", "estimatedCycles", "Ir"],
            properties: {
              fn: { type: "string", maxLength: 65536 },
              file: { type: "string", maxLength: 65536 },
              estimatedCycles: { type: "number", minimum: 0 },
              Ir: { $ref: "#/definitions/count" },
              lines: {
                description: "The function's costliest source lines, most expensive first.",
                type: "array",
                maxItems: 1e3,
                items: {
                  type: "object",
                  additionalProperties: false,
                  required: ["line", "estimatedCycles", "Ir"],
                  properties: {
                    file: { description: "Absent when it is the function's own file.", type: "string", maxLength: 65536 },
                    line: { $ref: "#/definitions/count" },
                    estimatedCycles: { type: "number", minimum: 0 },
                    Ir: { $ref: "#/definitions/count" },
                    text: { type: "string", maxLength: 200 }
                  }
                }
              }
            }
          }
        },
        memory: {
          description: "The heap, measured exactly by a second run under DHAT (memory: true; docs/memory.md), summed over the processes; absent otherwise.",
          type: "object",
          additionalProperties: false,
          required: ["totalBytes", "totalBlocks", "peakBytes", "peakBlocks", "exitBytes", "exitBlocks", "thresholdPercent", "files", "wallTimeMs"],
          properties: {
            totalBytes: { $ref: "#/definitions/count" },
            totalBlocks: { $ref: "#/definitions/count" },
            peakBytes: { $ref: "#/definitions/count" },
            peakBlocks: { $ref: "#/definitions/count" },
            exitBytes: { $ref: "#/definitions/count" },
            exitBlocks: { $ref: "#/definitions/count" },
            thresholdPercent: { type: "number", minimum: 0 },
            files: { type: "array", maxItems: 1e5, items: { $ref: "#/definitions/text" } },
            wallTimeMs: { type: "number", minimum: 0 }
          }
        },
        python: {
          description: "Python benchmarks: executed bytecode instructions per Python function, counted in an unmeasured run (bytecodes, not cycles); absent otherwise.",
          type: "object",
          additionalProperties: false,
          required: ["method", "python", "scope", "bytecodes", "functions"],
          properties: {
            method: { type: "string", maxLength: 64 },
            python: { type: "string", maxLength: 256 },
            scope: { enum: ["whole", "region"] },
            bytecodes: { $ref: "#/definitions/count" },
            functions: {
              type: "array",
              maxItems: 1e5,
              items: {
                type: "object",
                additionalProperties: false,
                required: ["fn", "file", "line", "bytecodes"],
                properties: {
                  fn: { type: "string", maxLength: 65536 },
                  file: { type: "string", maxLength: 65536 },
                  line: { $ref: "#/definitions/count" },
                  bytecodes: { $ref: "#/definitions/count" }
                }
              }
            }
          }
        },
        logs: {
          type: "object",
          additionalProperties: false,
          required: ["stdout", "stderr"],
          properties: { stdout: { $ref: "#/definitions/text" }, stderr: { $ref: "#/definitions/text" } }
        }
      }
    }
  }
};

// src/untrusted/read.ts
import { spawnSync as spawnSync2 } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync as closeSync2,
  constants as constants2,
  createReadStream,
  fstatSync as fstatSync2,
  lstatSync as lstatSync4,
  openSync as openSync2,
  readlinkSync as readlinkSync2,
  readSync,
  realpathSync as realpathSync4,
  statSync as statSync2,
  writeSync as writeSync2
} from "node:fs";
import { basename as basename3, dirname as dirname4, isAbsolute, join as join4, relative, resolve as resolve2, sep } from "node:path";
var MiB = 1 << 20;
var OPEN_FLAGS = constants2.O_RDONLY | constants2.O_NOFOLLOW | constants2.O_NONBLOCK | constants2.O_NOCTTY;
function kindOf(stat) {
  if (stat.isSymbolicLink()) return "a symbolic link";
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a fifo";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "not a regular file";
}
function beneath(root, realRoot, path) {
  for (const base of [resolve2(root), realRoot]) {
    const inside2 = relative(base, resolve2(base, path));
    if (inside2 !== "" && inside2 !== ".." && !inside2.startsWith(`..${sep}`) && !isAbsolute(inside2)) return inside2;
  }
  return void 0;
}
function openBeneath(root, path, shown = resolve2(root, path), what) {
  if (what) shown = `${what} ${shown}`;
  const realRoot = realpathSync4(root);
  const inside2 = beneath(root, realRoot, path);
  if (inside2 === void 0) throw new CgBenchError(`${shown}: not a file inside ${root}; cg-bench reads files a pull request controls only from there`);
  const real = join4(realRoot, inside2);
  const parts = inside2.split(sep);
  for (let i = 0; i < parts.length; i++) {
    const component = join4(realRoot, ...parts.slice(0, i + 1));
    const stat = lstatSync4(component);
    const last = i === parts.length - 1;
    if (stat.isSymbolicLink())
      throw new CgBenchError(
        `${shown}: ${last ? "is" : `${join4(...parts.slice(0, i + 1))} is`} a symbolic link; cg-bench does not follow links in files a pull request controls`
      );
    if (!last && !stat.isDirectory()) throw new CgBenchError(`${shown}: ${join4(...parts.slice(0, i + 1))} is not a directory`);
    if (last && !stat.isFile())
      throw new CgBenchError(`${shown}: is ${kindOf(stat)}, not a regular file; cg-bench reads only regular files a pull request controls`);
  }
  let fd;
  try {
    fd = openSync2(real, OPEN_FLAGS);
  } catch (error) {
    if (error.code === "ELOOP")
      throw new CgBenchError(`${shown}: is a symbolic link; cg-bench does not follow links in files a pull request controls`);
    throw error;
  }
  try {
    const stat = fstatSync2(fd);
    if (!stat.isFile()) throw new CgBenchError(`${shown}: is ${kindOf(stat)}, not a regular file; cg-bench reads only regular files a pull request controls`);
    let opened;
    try {
      opened = readlinkSync2(`/proc/self/fd/${fd}`);
    } catch {
      opened = void 0;
    }
    if (opened !== void 0 && opened !== real)
      throw new CgBenchError(
        `${shown}: a component of its path is a symbolic link (it opened as ${opened}); cg-bench does not follow links in files a pull request controls`
      );
    return { fd, real };
  } catch (error) {
    closeSync2(fd);
    throw error;
  }
}
function presentAt(path) {
  try {
    lstatSync4(path);
    return true;
  } catch {
    return false;
  }
}
function tooLarge(what, shown, limit) {
  const size = limit >= MiB ? `${Math.round(limit / MiB)} MiB` : `${limit} bytes`;
  return new CgBenchError(`${what} ${shown}: larger than ${size}; that is not a ${what} cg-bench wrote or can use`);
}
function readAll(fd, limit, what, shown) {
  let buffer = Buffer.allocUnsafe(Math.min(limit + 1, fstatSync2(fd).size + 1));
  let total = 0;
  for (; ; ) {
    if (total === buffer.length) {
      const larger = Buffer.allocUnsafe(Math.min(limit + 1, Math.max(2 * buffer.length, MiB)));
      buffer.copy(larger, 0, 0, total);
      buffer = larger;
    }
    const n = readSync(fd, buffer, total, buffer.length - total, null);
    if (n === 0) break;
    total += n;
    if (total > limit) throw tooLarge(what, shown, limit);
  }
  return buffer.subarray(0, total);
}
function readBeneath(root, path, limit, what, shown = resolve2(root, path)) {
  const { fd } = openBeneath(root, path, shown, what);
  try {
    return readAll(fd, limit, what, shown);
  } finally {
    closeSync2(fd);
  }
}
function readBytesBounded(path, limit, what, shown = path) {
  return readBeneath(dirname4(resolve2(path)), basename3(path), limit, what, shown);
}
function readTextBeneath(root, path, limit, what, shown = resolve2(root, path)) {
  return readBeneath(root, path, limit, what, shown).toString("utf8");
}
function readTextBounded(path, limit, what, shown = path) {
  return readTextBeneath(dirname4(resolve2(path)), basename3(path), limit, what, shown);
}
var READER_SCRIPT = 'test "$1" -ef /proc/self/fd/0 && exec head -c "$2" </proc/self/fd/0';
function readAsIdentity(root, path, limit, identity2) {
  let opened;
  try {
    opened = openBeneath(root, path);
  } catch {
    return void 0;
  }
  try {
    if (!identity2) {
      try {
        return readAll(opened.fd, limit, "file", opened.real);
      } catch {
        return void 0;
      }
    }
    const reader = spawnSync2("/bin/sh", ["-c", READER_SCRIPT, "cg-bench-read", opened.real, String(limit + 1)], {
      stdio: [opened.fd, "pipe", "ignore"],
      uid: identity2.uid,
      gid: identity2.gid,
      env: { PATH: "/usr/bin:/bin" },
      cwd: "/",
      maxBuffer: limit + 2,
      timeout: 3e4,
      killSignal: "SIGKILL"
    });
    if (reader.status !== 0 || reader.error || reader.stdout.length > limit) return void 0;
    return reader.stdout;
  } finally {
    closeSync2(opened.fd);
  }
}
var HASHER_SCRIPT = 'test "$1" -ef /proc/self/fd/0 && exec sha256sum </proc/self/fd/0';
function hashAsIdentity(path, limit, identity2, known) {
  let before;
  try {
    before = statSync2(path);
  } catch {
    return void 0;
  }
  if (!before.isFile() || before.size > limit) return void 0;
  let fd;
  try {
    fd = openSync2(path, constants2.O_RDONLY | constants2.O_NONBLOCK | constants2.O_NOCTTY);
  } catch {
    return void 0;
  }
  try {
    const stat = fstatSync2(fd);
    if (!stat.isFile() || stat.size > limit || stat.dev !== before.dev || stat.ino !== before.ino) return void 0;
    const key = `${identity2 ? `${identity2.uid}:${identity2.gid}` : "self"}\0${stat.dev}\0${stat.ino}\0${stat.size}\0${stat.mtimeMs}`;
    const cached2 = known?.get(key);
    if (cached2) return cached2;
    let sha256;
    if (identity2) {
      const hasher = spawnSync2("/bin/sh", ["-c", HASHER_SCRIPT, "cg-bench-hash", path], {
        stdio: [fd, "pipe", "ignore"],
        uid: identity2.uid,
        gid: identity2.gid,
        env: { PATH: "/usr/bin:/bin" },
        cwd: "/",
        encoding: "latin1",
        timeout: 12e4,
        killSignal: "SIGKILL"
      });
      sha256 = hasher.status === 0 && !hasher.error ? /^([0-9a-f]{64}) /.exec(hasher.stdout)?.[1] : void 0;
    } else {
      const sha = createHash("sha256");
      const buffer = Buffer.alloc(MiB);
      let total = 0;
      for (let n; (n = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) {
        total += n;
        if (total > limit) return void 0;
        sha.update(buffer.subarray(0, n));
      }
      sha256 = sha.digest("hex");
    }
    if (sha256) known?.set(key, sha256);
    return sha256;
  } catch {
    return void 0;
  } finally {
    closeSync2(fd);
  }
}
var KiB = 1 << 10;
function openPlain(path) {
  let fd;
  try {
    fd = openSync2(path, constants2.O_RDONLY | constants2.O_NOFOLLOW | constants2.O_NONBLOCK);
  } catch {
    return void 0;
  }
  if (fstatSync2(fd).isFile()) return fd;
  closeSync2(fd);
  return void 0;
}
function openPlainStream(path, what) {
  const fd = openPlain(path);
  if (fd === void 0)
    throw new CgBenchError(`${what} ${path}: not a plain file (a link, a fifo, a device, or gone); cg-bench reads only plain files the code it ran wrote`);
  return createReadStream("", { fd, highWaterMark: MiB });
}
function readAt(path, bytes, from) {
  const fd = openPlain(path);
  if (fd === void 0) return void 0;
  try {
    const size = fstatSync2(fd).size;
    const length2 = Math.min(size, bytes);
    const buffer = Buffer.alloc(length2);
    let read = 0;
    for (let n; read < length2 && (n = readSync(fd, buffer, read, length2 - read, (from === "end" ? size - length2 : 0) + read)) > 0; ) read += n;
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync2(fd);
  }
}
function readHead(path, bytes) {
  return readAt(path, bytes, "start");
}
function readTail(path, bytes) {
  return readAt(path, bytes, "end");
}
function logTail(path, lines = 20) {
  const text2 = readTail(path, 16 * KiB)?.trimEnd() ?? "";
  return text2.split("\n").slice(-lines).map((line) => line.length > 400 ? `${line.slice(0, 400)} \u2026 (${line.length - 400} more characters)` : line).join("\n");
}

// src/util/json-schema.ts
import { createRequire } from "node:module";
function ajvModule() {
  return typeof __require === "function" ? __require("./ajv.cjs") : createRequire(import.meta.url)("ajv");
}
function createAjv(options = {}) {
  const ajv = new (ajvModule()).Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true, validateSchema: options.validateSchema ?? false });
  ajv.addKeyword({ keyword: "x-message", schemaType: "string" });
  return ajv;
}
function lazyValidator(schema) {
  let validate;
  return () => validate ??= createAjv().compile(schema);
}
function jsonPointerToPath(pointer) {
  let out = "";
  for (const raw of pointer.split("/").slice(1)) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}
function describeValue(value) {
  const text2 = typeof value === "number" && !Number.isFinite(value) ? String(value) : JSON.stringify(value) ?? String(value);
  return text2.length > 60 ? `${text2.slice(0, 57)}...` : text2;
}
function closest(word, candidates) {
  let best;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}
function editDistance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}
function segmentsOf(pointer) {
  return pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~")).map((p) => /^\d+$/.test(p) ? Number(p) : p);
}
function problemFor(error) {
  const segments = segmentsOf(error.instancePath);
  const custom = error.parentSchema?.["x-message"];
  const at = (extra) => {
    const all = [...segments, extra];
    return { segments: all, path: jsonPointerToPath(`${error.instancePath}/${String(extra)}`), message: "" };
  };
  const here = { segments, path: jsonPointerToPath(error.instancePath) || "(top level)", message: "" };
  const params = error.params;
  switch (error.keyword) {
    case "required":
      return { ...at(String(params["missingProperty"])), message: "is required" };
    case "additionalProperties": {
      const key = String(params["additionalProperty"]);
      const known = Object.keys(error.parentSchema?.["properties"] ?? {});
      const guess = closest(key, known);
      return {
        ...at(key),
        message: `unknown key${guess ? ` (did you mean "${guess}"?)` : ""}; allowed: ${known.join(", ")}`
      };
    }
    case "propertyNames":
      return { ...at(String(params["propertyName"])), message: "is not a valid variable name" };
    case "pattern":
    case "format":
      if (segments.length && error.schemaPath.includes("propertyNames")) return { ...here, message: "" };
      return { ...here, message: `${describeValue(error.data)} ${typeof custom === "string" ? custom : `must match ${String(params["pattern"])}`}` };
    case "type": {
      if (params["type"] === "string" && (typeof error.data === "boolean" || typeof error.data === "number")) {
        return { ...here, message: `must be a string, not ${describeValue(error.data)} (YAML reads it so: write it in quotes)` };
      }
      if (typeof custom === "string") return { ...here, message: `${describeValue(error.data)} ${custom}` };
      const types = String(params["type"]).split(",");
      return { ...here, message: `must be ${types.map((t) => `a ${t}`).join(" or ")}, not ${describeValue(error.data)}` };
    }
    case "enum":
      return {
        ...here,
        message: `${describeValue(error.data)} is not one of ${params["allowedValues"].map((v) => JSON.stringify(v)).join(", ")}`
      };
    case "minItems":
      return { ...here, message: `must have at least ${String(params["limit"])} item(s)` };
    case "minLength":
      return { ...here, message: "must not be empty" };
    case "maxLength":
      return { ...here, message: `must be at most ${String(params["limit"])} characters` };
    default:
      return { ...here, message: `${describeValue(error.data)} ${error.message ?? "is invalid"}` };
  }
}
function schemaProblems(validate) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const error of validate.errors ?? []) {
    const problem = problemFor(error);
    if (!problem.message) continue;
    const key = `${problem.path}\0${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}
function jsonType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
function typeAllows(schema, type) {
  if (schema.type === void 0) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes(type) || type === "integer" && types.includes("number");
}
function cutText(text2, limit) {
  if (text2.length <= limit) return text2;
  const points = [...text2];
  if (points.length <= limit) return text2;
  const note = ` \u2026 (cut: ${points.length - limit} more characters)`;
  const keep = limit >= 4 * note.length ? limit - [...note].length : limit;
  return points.slice(0, keep).join("") + (keep < limit ? note : "");
}
function fitToSchema(value, schema, root = schema) {
  const resolved = resolveRef(schema, root);
  const branches = resolved.oneOf ?? resolved.anyOf;
  if (branches) {
    const branch = branches.map((b) => resolveRef(b, root)).find((b) => typeAllows(b, jsonType(value)));
    return branch ? fitToSchema(value, branch, root) : value;
  }
  if (typeof value === "string") return resolved.maxLength === void 0 ? value : cutText(value, resolved.maxLength);
  if (Array.isArray(value)) {
    const kept = resolved.maxItems !== void 0 && value.length > resolved.maxItems ? value.slice(0, resolved.maxItems) : value;
    const items = resolved.items;
    return items ? kept.map((item) => fitToSchema(item, items, root)) : [...kept];
  }
  if (typeof value === "object" && value !== null) {
    const out = {};
    for (const [key, item] of Object.entries(value)) {
      const property = resolved.properties?.[key] ?? (typeof resolved.additionalProperties === "object" ? resolved.additionalProperties : void 0);
      out[key] = property ? fitToSchema(item, property, root) : item;
    }
    return out;
  }
  return value;
}
function resolveRef(schema, root) {
  const name = schema.$ref?.match(/^#\/definitions\/([^/]+)$/)?.[1];
  const target = name === void 0 ? void 0 : root.definitions?.[name];
  return target ? resolveRef(target, root) : schema;
}

// src/results/types.ts
var RESULTS_SCHEMA_VERSION = 1;

// src/results/io.ts
var RESULTS_LIMIT = 256 * MiB;
var RESULTS_SCHEMA = results_schema_default;
var resultsValidator = lazyValidator(results_schema_default);
var timedValidator = lazyValidator({ ...results_schema_default.properties.timed, definitions: results_schema_default.definitions });
var benchmarkValidator = lazyValidator({ ...results_schema_default.properties.benchmarks.items, definitions: results_schema_default.definitions });
function parseResults(data, source) {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new CgBenchError(`${source}: not a cg-bench results file (expected a JSON object)`);
  }
  const record = data;
  if (record["tool"] !== "cg-bench") {
    throw new CgBenchError(`${source}: not a cg-bench results file (no "tool": "cg-bench")`);
  }
  if (record["schemaVersion"] !== RESULTS_SCHEMA_VERSION) {
    throw new CgBenchError(
      `${source}: results schemaVersion ${JSON.stringify(record["schemaVersion"])} is not supported (this cg-bench reads ${RESULTS_SCHEMA_VERSION}); measure the baseline again`
    );
  }
  const validateResults = resultsValidator();
  if (!validateResults(data)) {
    const problems = schemaProblems(validateResults).slice(0, 10);
    throw new CgBenchError(`${source}: invalid results file:
${problems.map((p) => `  ${p.path}: ${p.message}`).join("\n")}`);
  }
  for (const b of data.benchmarks) withLineFiles(b);
  const names = /* @__PURE__ */ new Set();
  for (const [i, b] of data.benchmarks.entries()) {
    if (names.has(b.name)) throw new CgBenchError(`${source}: benchmarks[${i}].name: "${b.name}" appears twice`);
    names.add(b.name);
    if (!cyclesMatch(b, data.environment.weights)) {
      throw new CgBenchError(`${source}: benchmarks[${i}].estimatedCycles does not match its events and weights`);
    }
  }
  return data;
}
var cyclesMatch = (b, weights) => !b.events || b.estimatedCycles === cyclesFromEvents(b.events, weights);
function checkedBenchmark(data, weights, checked = false) {
  if (!checked && !(benchmarkValidator()(data) && cyclesMatch(data, weights))) return void 0;
  return withLineFiles(data);
}
function withLineFiles(b) {
  for (const f of b.functions) for (const l of f.lines ?? []) l.file ??= f.file;
  return b;
}
function withoutLineFiles(b) {
  const lean = (f) => f.lines ? { ...f, lines: f.lines.map(({ file, ...line }) => file === f.file ? line : { file, ...line }) } : f;
  return { ...b, functions: b.functions.map(lean) };
}
function* resultsText(results) {
  const list = RESULTS_SCHEMA.properties["benchmarks"];
  const top = fitToSchema({ ...results, benchmarks: [] }, RESULTS_SCHEMA);
  let comma = "{";
  for (const [key, value] of Object.entries(top)) {
    yield `${comma}${JSON.stringify(key)}:`;
    comma = ",";
    if (key !== "benchmarks") {
      yield JSON.stringify(value);
      continue;
    }
    yield "[";
    for (const [i, b] of results.benchmarks.slice(0, list.maxItems).entries())
      yield `${i ? "," : ""}${JSON.stringify(withoutLineFiles(fitToSchema(b, list.items, RESULTS_SCHEMA)))}`;
    yield "]";
  }
  yield "}\n";
}
function readResults(path, root = dirname5(path)) {
  return resultsFromText(readResultsText(path, root), path);
}
function readResultsText(path, root = dirname5(path)) {
  try {
    return readTextBeneath(root, resolve3(path), RESULTS_LIMIT, "results file", path);
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    const code = error.code;
    throw new CgBenchError(`cannot read results ${path}: ${code === "ENOENT" ? "no such file" : String(code ?? error)}`);
  }
}
function resultsFromText(text2, path) {
  let data;
  try {
    data = JSON.parse(text2);
  } catch (error) {
    throw new CgBenchError(`${path}: not valid JSON (${error.message}); the file is corrupt`);
  }
  return parseResults(data, path);
}
function readWallTimes(path) {
  const times = /* @__PURE__ */ new Map();
  let data;
  try {
    data = JSON.parse(readTextBounded(path, RESULTS_LIMIT, "results file"));
  } catch {
    return times;
  }
  const benchmarks = data?.benchmarks;
  if (!Array.isArray(benchmarks)) return times;
  for (const b of benchmarks) {
    if (typeof b?.name === "string" && typeof b.wallTimeMs === "number" && Number.isFinite(b.wallTimeMs) && b.wallTimeMs >= 0) times.set(b.name, b.wallTimeMs);
  }
  return times;
}
var WRITE_HINTS = {
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EACCES: "permission denied",
  EPERM: "not permitted",
  EROFS: "read-only file system",
  EISDIR: "is a directory",
  ENOTDIR: "a part of the path is not a directory"
};
function writeFileAtomic(path, text2, realDir) {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync2(dirname5(path), { recursive: true });
    const fd = openNewFile(temporary, realDir === void 0 ? void 0 : join5(realDir, basename4(temporary)));
    try {
      for (const piece of typeof text2 === "string" ? [text2] : text2) {
        const bytes = Buffer.from(piece);
        for (let written = 0; written < bytes.length; ) written += writeSync3(fd, bytes, written);
      }
    } finally {
      closeSync3(fd);
    }
    renameSync2(temporary, path);
  } catch (error) {
    rmSync3(temporary, { force: true });
    if (!error.code) throw error;
    const code = error.code ?? "";
    const left = existsSync(path) ? "the file there is unchanged" : "no file is there now";
    throw new CgBenchError(`cannot write ${path}: ${WRITE_HINTS[code] ?? code ?? errorMessage(error)}${code ? ` (${code})` : ""}; ${left}`);
  }
}
function writeResults(path, results, realDir) {
  writeFileAtomic(path, resultsText(results), realDir);
}

// src/run/suite.ts
import { accessSync as accessSync3, constants as constants7, mkdirSync as mkdirSync7, rmSync as rmSync10, writeFileSync as writeFileSync4 } from "node:fs";
import { join as join19 } from "node:path";

// src/run/slug.ts
function slugify(name, index) {
  const base = name.normalize("NFKD").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|-+$/g, "").slice(0, 60);
  return `${String(index + 1).padStart(2, "0")}-${base || "benchmark"}`;
}

// src/report/escape.ts
var ZWSP = "\u200B";
var INVISIBLE = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\u2028\u2029\ufeff]/g;
function escapeMarkdown(text2) {
  return text2.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(INVISIBLE, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/[\\`*_{}[\]()!|~^=$-]/g, (c) => `\\${c}`).replace(/[@#]/g, (c) => `${c}${ZWSP}`).replace(/:\/\//g, `:/${ZWSP}/`).replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}${ZWSP}.`);
}
function escapeTerminal(text2) {
  return text2.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").replace(INVISIBLE, "\uFFFD");
}

// src/report/format.ts
function formatCount(n) {
  const rounded = Math.round(n);
  if (!Number.isSafeInteger(rounded) || Object.is(rounded, -0)) return rounded.toLocaleString("en-US");
  return String(rounded).replace(/\B(?=(\d{3})+$)/g, ",");
}
function formatPercent(fraction) {
  const percent3 = fraction * 100;
  if (percent3 === 0) return "0.00%";
  const abs = Math.abs(percent3);
  const digits = abs >= 0.01 ? 2 : abs >= 1e-4 ? 4 : 6;
  return `${percent3 > 0 ? "+" : ""}${percent3.toFixed(digits)}%`;
}
function formatSigned(n) {
  return `${n > 0 ? "+" : n < 0 ? "\u2212" : ""}${formatCount(Math.abs(n))}`;
}
function formatDuration(ms) {
  if (ms < 1e3) return `${Math.round(ms)}ms`;
  const s = ms / 1e3;
  if (s < 60) return `${s.toFixed(s < 10 ? 1 : 0)}s`;
  const m = Math.floor(s / 60);
  return `${m}m${String(Math.round(s % 60)).padStart(2, "0")}s`;
}
function headline(message) {
  const [first = "", ...rest] = message.split("\n");
  return rest.length && first.endsWith(":") ? first.replace(/[;.] [^;.]*:$/, "") : first;
}

// src/results/environment.ts
import { mkdtemp, readFile as readFile2, realpath, rm, writeFile } from "node:fs/promises";
import { machine as machine2 } from "node:os";
import { join as join7 } from "node:path";

// src/results/host-probe.ts
import { createHash as createHash2 } from "node:crypto";
import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";

// src/untrusted/process.ts
import { spawn as spawn2, spawnSync as spawnSync3 } from "node:child_process";
import { closeSync as closeSync4, constants as constants3, existsSync as existsSync2, openSync as openSync3, realpathSync as realpathSync5 } from "node:fs";
var CAPTURE_LIMIT = 64 << 20;
var liveGroups = /* @__PURE__ */ new Set();
var exitHook = false;
function killGroup(pgid) {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
  }
}
function track(pgid) {
  if (!exitHook) {
    process.on("exit", () => killTrackedGroups());
    exitHook = true;
  }
  liveGroups.add(pgid);
  return () => liveGroups.delete(pgid);
}
function killTrackedGroups() {
  const count = liveGroups.size;
  for (const pgid of liveGroups) killGroup(pgid);
  liveGroups.clear();
  return count;
}
var binding;
function boundToCgBench() {
  if (binding === void 0) {
    binding = [];
    for (const dir of ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]) {
      const setpriv = `${dir}/setpriv`;
      const prefix = [setpriv, "--pdeathsig", "KILL", "--"];
      if (existsSync2(setpriv) && runProcessSync({ argv: [...prefix, setpriv, "--version"], timeoutMs: 1e4 }).exitCode === 0) {
        binding = prefix;
        break;
      }
    }
  }
  return binding;
}
function openOutput(output) {
  if (output === void 0 || output === "ignore") return "ignore";
  if (output === "capture") return "pipe";
  if ("fd" in output) return output.fd;
  return openNewFile(output.file, output.real);
}
function collector(onLine) {
  const chunks = [];
  let size = 0;
  let partial = "";
  return {
    add(chunk) {
      if (size < CAPTURE_LIMIT) {
        chunks.push(chunk.subarray(0, CAPTURE_LIMIT - size));
        size += Math.min(chunk.length, CAPTURE_LIMIT - size);
      }
      if (onLine) {
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop();
        for (const line of lines) onLine(line);
      }
    },
    text() {
      if (onLine && partial) onLine(partial);
      partial = "";
      return Buffer.concat(chunks).toString();
    }
  };
}
function runProcess(options) {
  const cwd = holdCwd(options.cwd);
  if (typeof cwd === "string")
    return Promise.resolve({ exitCode: null, signal: null, timedOut: false, wallTimeMs: 0, spawnError: cwd, stdout: "", stderr: "" });
  try {
    return runIn(options, cwd);
  } finally {
    closeSync4(cwd.fd);
  }
}
function holdCwd(cwd) {
  let fd;
  try {
    fd = openSync3(cwd, constants3.O_RDONLY | constants3.O_DIRECTORY);
  } catch (error) {
    return `cannot enter the working directory ${cwd}: ${error.code ?? String(error)}`;
  }
  const path = `/proc/${process.pid}/fd/${fd}`;
  let real;
  try {
    real = realpathSync5(path);
  } catch (error) {
    real = String(error);
  }
  if (real === cwd) return { fd, path };
  closeSync4(fd);
  return `the working directory ${cwd} now leads to ${real} (a link put on its way after the configuration was read): not entered`;
}
function runIn(options, cwd) {
  const out = openOutput(options.stdout);
  let err;
  try {
    err = openOutput(options.stderr);
  } catch (error) {
    if (typeof out === "number" && typeof options.stdout === "object" && "file" in options.stdout) closeSync4(out);
    throw error;
  }
  const opened = [options.stdout, options.stderr].map((o, i) => typeof o === "object" && "file" in o ? [out, err][i] : void 0).filter((fd) => typeof fd === "number");
  const argv = [...boundToCgBench(), ...options.command.argv];
  const started = process.hrtime.bigint();
  const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
  return new Promise((resolve10) => {
    let child;
    try {
      child = spawn2(argv[0], argv.slice(1), {
        cwd: cwd.path,
        env: options.command.env,
        stdio: ["ignore", out, err],
        detached: true
      });
    } catch (error) {
      resolve10({ exitCode: null, signal: null, timedOut: false, wallTimeMs: 0, spawnError: error.message, stdout: "", stderr: "" });
      return;
    } finally {
      for (const fd of opened) closeSync4(fd);
    }
    const stdout = collector(options.onLine);
    const stderr = collector(options.onLine);
    child.stdout?.on("data", (chunk) => stdout.add(chunk));
    child.stderr?.on("data", (chunk) => stderr.add(chunk));
    const pgid = child.pid;
    const untrack = pgid === void 0 ? () => false : track(pgid);
    let timedOut2 = false;
    const timer = options.timeoutMs === null || pgid === void 0 ? void 0 : setTimeout(() => {
      timedOut2 = true;
      killGroup(pgid);
    }, options.timeoutMs);
    let settled = false;
    const finish3 = (outcome2, wallTimeMs) => {
      if (settled) return;
      settled = true;
      resolve10({ ...outcome2, wallTimeMs, stdout: stdout.text(), stderr: stderr.text() });
    };
    child.once("error", (error) => {
      if (timer) clearTimeout(timer);
      untrack();
      finish3({ exitCode: null, signal: null, timedOut: false, spawnError: error.message }, elapsed());
    });
    child.once("exit", (exitCode, signal) => {
      const wallTimeMs = elapsed();
      if (timer) clearTimeout(timer);
      if (pgid !== void 0) killGroup(pgid);
      untrack();
      const outcome2 = { exitCode, signal, timedOut: timedOut2 };
      if (!child.stdout && !child.stderr) return finish3(outcome2, wallTimeMs);
      const late = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish3(outcome2, wallTimeMs);
      }, 2e3);
      child.once("close", () => {
        clearTimeout(late);
        finish3(outcome2, wallTimeMs);
      });
    });
  });
}
function runProcessSync(options) {
  const output = options.output ?? "ignore";
  const started = process.hrtime.bigint();
  const r = spawnSync3(options.argv[0], options.argv.slice(1), {
    ...options.cwd === void 0 ? {} : { cwd: options.cwd },
    ...options.env === void 0 ? {} : { env: options.env },
    stdio: ["ignore", output === "capture" ? "pipe" : output, output === "capture" ? "pipe" : output],
    encoding: "utf8",
    timeout: options.timeoutMs,
    killSignal: "SIGKILL",
    maxBuffer: CAPTURE_LIMIT
  });
  const timedOut2 = r.error?.code === "ETIMEDOUT";
  return {
    exitCode: r.status,
    signal: r.signal,
    timedOut: timedOut2,
    wallTimeMs: Number(process.hrtime.bigint() - started) / 1e6,
    ...r.error && !timedOut2 ? { spawnError: r.error.message } : {},
    stdout: r.stdout ?? "",
    stderr: r.stderr ?? ""
  };
}

// src/untrusted/command.ts
var Command = class _Command {
  #argv;
  #env;
  constructor(argv, env) {
    this.#argv = Object.freeze([...argv]);
    this.#env = Object.freeze({ ...env });
  }
  get argv() {
    return this.#argv;
  }
  get env() {
    return this.#env;
  }
  /** The same command behind cg-bench's own programs (a stopwatch, perf), which get its environment. */
  behind(own) {
    return new _Command([...own, ...this.#argv], this.#env);
  }
};

// src/util/valgrind-options.ts
var SEALED_VALGRIND_OPTIONS = [
  // Only the command line counts: no ~/.valgrindrc, ./.valgrindrc or VALGRIND_OPTS, which the
  // benchmark, an earlier benchmark or the caller could plant.
  "--command-line-only=yes",
  // No gdbserver: it would put FIFOs named by pid into the benchmark's TMPDIR.
  "--vgdb=no"
];

// src/results/host-probe.ts
function parseLoaderDiagnostics(text2) {
  const lines = text2.split("\n");
  const value = (key) => lines.find((l) => l.startsWith(`${key}=`))?.slice(key.length + 1).replace(/^"|"$/g, "") ?? null;
  const x86 = lines.filter((l) => l.startsWith("x86."));
  const auxv = lines.filter((l) => /^auxv\[0x[0-9a-f]+\]\.a_type=/.test(l)).map((l) => l.split("=")[1]);
  return {
    dispatch: x86.length ? createHash2("sha256").update(x86.join("\n")).digest("hex").slice(0, 16) : null,
    platform: value("dl_platform"),
    hwcapsActive: value("dl_hwcaps_subdirs_active"),
    auxvTypes: auxv.length ? auxv.join(",") : null
  };
}
var LOADERS = { x64: "/lib64/ld-linux-x86-64.so.2", arm64: "/lib/ld-linux-aarch64.so.1" };
async function probeLoader(valgrindBin, env) {
  const loader = LOADERS[process.arch];
  const probe = loader ? await runProcess({
    command: new Command([valgrindBin, "--tool=none", ...SEALED_VALGRIND_OPTIONS, "-q", loader, "--list-diagnostics"], env),
    cwd: "/",
    stdout: "capture",
    timeoutMs: 12e4
  }) : void 0;
  const text2 = probe?.exitCode === 0 ? probe.stdout : "";
  return parseLoaderDiagnostics(text2);
}
function loaderPath() {
  return LOADERS[process.arch];
}
async function cpuLists() {
  const list = (path) => readFile(path, "utf8").then(
    (t) => t.trim(),
    () => null
  );
  const [cpusOnline, cpusPossible] = await Promise.all([list("/sys/devices/system/cpu/online"), list("/sys/devices/system/cpu/possible")]);
  return { cpusOnline, cpusPossible, affinity: availableParallelism() };
}

// src/results/loader-files.ts
import { createHash as createHash3 } from "node:crypto";
import { lstatSync as lstatSync5, readlinkSync as readlinkSync3, realpathSync as realpathSync6 } from "node:fs";
var LOADER_FILES = ["/etc/ld.so.cache", "/etc/ld.so.preload"];
var LOADER_FILE_LIMIT = 64 * MiB;
function loaderFileState(path) {
  let stat;
  try {
    stat = lstatSync5(path);
  } catch {
    return "absent";
  }
  if (stat.isSymbolicLink()) {
    let text2;
    let target;
    try {
      text2 = readlinkSync3(path);
    } catch {
      return "link";
    }
    try {
      target = realpathSync6(path);
    } catch {
      return `link to ${text2}, to nothing`;
    }
    return `link to ${text2}, ${target}: ${fileState(target)}`;
  }
  return fileState(path, stat);
}
function fileState(path, known) {
  let stat = known;
  try {
    stat ??= lstatSync5(path);
  } catch {
    return "absent";
  }
  if (!stat.isFile()) return `not a regular file (type ${(stat.mode & 61440).toString(8)})`;
  try {
    return createHash3("sha256").update(readBytesBounded(path, LOADER_FILE_LIMIT, "loader file")).digest("hex");
  } catch (error) {
    return `unreadable (${error.code ?? "refused"})`;
  }
}
function loaderFilesDigest(files = LOADER_FILES) {
  const hash = createHash3("sha256");
  for (const file of files) hash.update(`${file}\0${loaderFileState(file)}
`);
  return hash.digest("hex").slice(0, 16);
}

// src/results/probe-cache.ts
import { createHash as createHash4 } from "node:crypto";
import { lstatSync as lstatSync6, readFileSync, realpathSync as realpathSync7, statSync as statSync3 } from "node:fs";
import { homedir, machine, release, version } from "node:os";
import { basename as basename5, delimiter, dirname as dirname6, isAbsolute as isAbsolute2, join as join6 } from "node:path";

// package.json
var package_default = {
  name: "cg-bench",
  version: "0.1.0",
  description: "Deterministic benchmarks for CI: run under Cachegrind, compare estimated cycles against a baseline, report on pull requests.",
  keywords: [
    "benchmark",
    "cachegrind",
    "valgrind",
    "ci",
    "github-action",
    "gitlab"
  ],
  license: "MIT",
  type: "module",
  bin: {
    "cg-bench": "dist/cli.js"
  },
  files: [
    "dist/cli.js",
    "dist/ajv.cjs",
    "schemas/",
    "python/pyproject.toml",
    "python/setup.py",
    "python/README.md",
    "python/cg_bench/*.py",
    "python/cg_bench/*.c",
    "python/cg-bench-early.pth"
  ],
  engines: {
    node: ">=20"
  },
  scripts: {
    build: "node scripts/build.mjs",
    typecheck: "tsc --noEmit",
    test: "bash scripts/test.sh",
    examples: "bash scripts/examples.sh",
    knip: "knip --no-progress",
    lint: "biome check .",
    format: "biome check --write ."
  },
  devDependencies: {
    "@actions/cache": "^6.3.0",
    "@actions/core": "^3.0.1",
    "@actions/github": "^9.1.1",
    "@biomejs/biome": "2.6.8",
    "@octokit/openapi": "^23.0.2",
    "@octokit/plugin-retry": "^8.1.1",
    "@octokit/plugin-throttling": "^11.0.5",
    "@types/node": "^20.19.43",
    ajv: "^8.20.0",
    esbuild: "^0.28.2",
    knip: "^6.44.2",
    tsx: "^4.23.15",
    typescript: "5.9",
    yaml: "^2.9.1",
    zod: "^4.6.7"
  }
};

// src/version.ts
var VERSION = package_default.version;
var MEASUREMENT_METHOD = 2;

// src/results/probe-cache.ts
var FORMAT = 1;
var MAX_ENTRIES = 8;
var FILE_LIMIT = 256 * KiB;
function fileIdentity(path) {
  if (!path) return null;
  try {
    const real = realpathSync7(path);
    const s = statSync3(real);
    return `${real}:${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}
function onPath(program, path) {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    try {
      if (statSync3(join6(dir, program)).isFile()) return join6(dir, program);
    } catch {
    }
  }
  return void 0;
}
function cpuIdentity(cpuinfo) {
  const first = cpuinfo.split(/\n\s*\n/)[0] ?? "";
  const wanted = /^(vendor_id|cpu family|model|model name|stepping|microcode|flags|CPU implementer|CPU architecture|CPU variant|CPU part|CPU revision|Features)\s*:/;
  return first.split("\n").filter((l) => wanted.test(l)).join("\n");
}
function probeKeyParts(inputs, cpuinfo) {
  let info = cpuinfo;
  if (info === void 0) {
    try {
      info = readFileSync("/proc/cpuinfo", "utf8");
    } catch {
      info = "";
    }
  }
  return {
    format: String(FORMAT),
    cgBench: VERSION,
    arch: machine(),
    kernel: `${release()} ${version()}`,
    cpu: createHash4("sha256").update(cpuIdentity(info)).digest("hex"),
    valgrind: fileIdentity(inputs.valgrindBin),
    valgrindVersion: inputs.valgrindVersion,
    image: `${inputs.env["CG_BENCH_IMAGE"] ?? ""}@${inputs.env["CG_BENCH_IMAGE_DIGEST"] ?? ""}`,
    ...Object.fromEntries(
      Object.entries(inputs.files).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([name, path]) => [`file:${name}`, fileIdentity(path)])
    )
  };
}
function probeKey(parts) {
  return createHash4("sha256").update(JSON.stringify(parts)).digest("hex");
}
function probeCacheFile(env = process.env) {
  const off = env["CG_BENCH_PROBE_CACHE"];
  if (off === "0" || off === "false") return void 0;
  const xdg = env["XDG_CACHE_HOME"];
  let base;
  if (xdg && isAbsolute2(xdg)) base = xdg;
  else {
    try {
      base = join6(homedir(), ".cache");
    } catch {
      return void 0;
    }
  }
  return join6(base, "cg-bench", "probes.json");
}
function readEntries(file) {
  try {
    const s = lstatSync6(file);
    if (!s.isFile() || typeof process.getuid === "function" && s.uid !== process.getuid() || (s.mode & 18) !== 0) return [];
    const data = JSON.parse(readTextBounded(file, FILE_LIMIT, "probe cache"));
    if (!Array.isArray(data)) return [];
    return data.filter((e) => typeof e === "object" && e !== null && typeof e.key === "string" && "value" in e);
  } catch {
    return [];
  }
}
async function cachedProbe(key, probe, isValue, file = probeCacheFile()) {
  const dir = file === void 0 ? void 0 : holdKeptDirectory(dirname6(file));
  if (file === void 0 || dir === void 0) return probe();
  try {
    const held2 = join6(dir.path, basename5(file));
    const hit = readEntries(held2).find((e) => e.key === key);
    if (hit && isValue(hit.value)) return hit.value;
    const value = await probe();
    const entries = [{ key, value }, ...readEntries(held2).filter((e) => e.key !== key)];
    try {
      replaceKeptFile(dir, basename5(file), JSON.stringify(entries.slice(0, MAX_ENTRIES)));
    } catch {
    }
    return value;
  } finally {
    dir.release();
  }
}
function sandboxProbesFile(env = process.env) {
  const probes = probeCacheFile(env);
  return probes === void 0 ? void 0 : join6(dirname6(probes), "sandbox-probes.json");
}
var MAX_KEYS = 64;
function keptKeys(file) {
  const dir = holdKeptDirectory(dirname6(file));
  if (dir === void 0) return /* @__PURE__ */ new Set();
  try {
    return new Set(readEntries(join6(dir.path, basename5(file))).map((e) => e.key));
  } finally {
    dir.release();
  }
}
function updateKeptKeys(file, add2, drop = []) {
  const dir = holdKeptDirectory(dirname6(file));
  if (dir === void 0) return;
  try {
    const held2 = join6(dir.path, basename5(file));
    const gone = /* @__PURE__ */ new Set([...add2, ...drop]);
    const entries = [...add2.map((key) => ({ key, value: true })), ...readEntries(held2).filter((e) => !gone.has(e.key))];
    replaceKeptFile(dir, basename5(file), JSON.stringify(entries.slice(0, MAX_KEYS)));
  } catch {
  } finally {
    dir.release();
  }
}
function probedPrograms(path) {
  return { python3: onPath("python3", path), getconf: onPath("getconf", path) };
}

// src/results/cpu-probe.ts
var CPU_PROBE_X86_64 = Buffer.from(
  "f0VMRgIBAQAAAAAAAAAAAAIAPgABAAAAsABAAAAAAABAAAAAAAAAAGgBAAAAAAAAAAAAAEAAOAACAEAABQAEAAEAAAAFAAAAAAAAAAAAAAAAAEAAAAAAAAAAQAAAAAAAHAEAAAAAAAAcAQAAAAAAABAAAAAAAAAAUeV0ZAYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAABTRTHJRTHASI18JJBIif5CiwSNAAFAAESJwQ+iSf/BiQdIg8cQiV/0iU/4iVf8SYP5B3XbuAEAAAC6cAAAAInHDwW4PAAAAESJxw8F6/4AAAAAAAABAAAABwAAAAAAAIACAACAAwAAgAQAAIBHQ0M6IChEZWJpYW4gMTIuMi4wLTE0K2RlYjEydTEpIDEyLjIuMAAALnNoc3RydGFiAC50ZXh0AC5yb2RhdGEALmNvbW1lbnQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAsAAAABAAAABgAAAAAAAACwAEAAAAAAALAAAAAAAAAATgAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAARAAAAAQAAAAIAAAAAAAAAAAFAAAAAAAAAAQAAAAAAABwAAAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAGQAAAAEAAAAwAAAAAAAAAAAAAAAAAAAAHAEAAAAAAAAnAAAAAAAAAAAAAAAAAAAAAQAAAAAAAAABAAAAAAAAAAEAAAADAAAAAAAAAAAAAAAAAAAAAAAAAEMBAAAAAAAAIgAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAA=",
  "base64"
);
var FEATURES = [
  ["sse2", "leaf1.edx", 26],
  ["sse3", "leaf1.ecx", 0],
  ["ssse3", "leaf1.ecx", 9],
  ["fma", "leaf1.ecx", 12],
  ["sse4_1", "leaf1.ecx", 19],
  ["sse4_2", "leaf1.ecx", 20],
  ["popcnt", "leaf1.ecx", 23],
  ["aes", "leaf1.ecx", 25],
  ["avx", "leaf1.ecx", 28],
  ["f16c", "leaf1.ecx", 29],
  ["rdrand", "leaf1.ecx", 30],
  ["bmi1", "leaf7.ebx", 3],
  ["avx2", "leaf7.ebx", 5],
  ["bmi2", "leaf7.ebx", 8],
  ["avx512f", "leaf7.ebx", 16],
  ["rdseed", "leaf7.ebx", 18],
  ["adx", "leaf7.ebx", 19],
  ["sha", "leaf7.ebx", 29],
  ["vaes", "leaf7.ecx", 9]
];
function decodeCpuid(raw) {
  if (raw.length !== 7 * 16) return void 0;
  const reg = (leaf, r) => raw.readUInt32LE(leaf * 16 + r * 4);
  const ascii = (words) => Buffer.concat(
    words.map((w) => {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(w);
      return b;
    })
  ).toString("latin1");
  const maxLeaf = reg(0, 0);
  const vendor = ascii([reg(0, 1), reg(0, 3), reg(0, 2)]);
  const regs = { "leaf1.ecx": reg(1, 2), "leaf1.edx": reg(1, 3), "leaf7.ebx": maxLeaf >= 7 ? reg(2, 1) : 0, "leaf7.ecx": maxLeaf >= 7 ? reg(2, 2) : 0 };
  const brand = reg(3, 0) >= 2147483652 ? ascii([4, 5, 6].flatMap((l) => [reg(l, 0), reg(l, 1), reg(l, 2), reg(l, 3)])).replace(/\0.*$/s, "").trim() : null;
  const features = FEATURES.filter(([, where2, bit]) => regs[where2] >>> bit & 1).map(([name]) => name);
  return { vendor, brand, features };
}

// src/results/environment.ts
var PROBE_ENVIRONMENT = {
  PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  LANG: "C.UTF-8",
  LC_ALL: "C.UTF-8",
  TZ: "UTC"
};
var PROBE_TIMEOUT_MS = 12e4;
async function firstLine(command, args) {
  const r = await runProcess({
    command: new Command([command, ...args], PROBE_ENVIRONMENT),
    cwd: "/",
    stdout: "capture",
    stderr: "capture",
    timeoutMs: PROBE_TIMEOUT_MS
  });
  if (r.exitCode !== 0) return null;
  return `${r.stdout}${r.stderr}`.trim().split("\n")[0]?.trim() || null;
}
async function osRelease() {
  const text2 = await readFile2("/etc/os-release", "utf8").catch(() => "");
  return /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text2)?.[1] ?? null;
}
async function probeSimulatedCpu(valgrind) {
  const dir = await realpath(await mkdtemp(join7(ownTmpdir(), "cg-bench-cpu-")));
  try {
    const log = join7(dir, "valgrind.log");
    const x86 = machine2() === "x86_64";
    const target = x86 ? join7(dir, "cpu-probe") : "/bin/true";
    if (x86) await writeFile(target, CPU_PROBE_X86_64, { mode: 493 });
    const stdout = join7(dir, "stdout");
    const r = await runProcess({
      command: new Command([valgrind.bin, "--tool=none", ...SEALED_VALGRIND_OPTIONS, "-v", `--log-file=${log}`, target], PROBE_ENVIRONMENT),
      cwd: dir,
      stdout: { file: stdout },
      timeoutMs: PROBE_TIMEOUT_MS
    });
    const out = r.exitCode === 0 ? await readFile2(stdout).catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
    const logText = await readFile2(log, "utf8").catch(() => "");
    const hwcaps = /Arch and hwcaps: (.*)$/m.exec(logText)?.[1]?.trim() ?? null;
    const cpu = x86 ? decodeCpuid(out) : void 0;
    return { hwcaps, vendor: cpu?.vendor ?? null, brand: cpu?.brand ?? null, features: cpu?.features ?? [] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
var nullOrString = (v) => v === null || typeof v === "string";
function isMachineProbes(value) {
  const v = value;
  return typeof v === "object" && v !== null && nullOrString(v.glibc) && nullOrString(v.python) && typeof v.cpu === "object" && v.cpu !== null && nullOrString(v.cpu.hwcaps) && nullOrString(v.cpu.vendor) && nullOrString(v.cpu.brand) && Array.isArray(v.cpu.features) && v.cpu.features.every((f) => typeof f === "string") && typeof v.loader === "object" && v.loader !== null && ["dispatch", "platform", "hwcapsActive", "auxvTypes"].every((k) => nullOrString(v.loader[k]));
}
function probeKeyFiles(loaderFiles = LOADER_FILES) {
  return { loader: loaderPath(), ...probedPrograms(PROBE_ENVIRONMENT["PATH"]), ...Object.fromEntries(loaderFiles.map((file) => [file, file])) };
}
function machineProbes(valgrind) {
  const probe = async () => {
    const [glibc, python, cpu, loader] = await Promise.all([
      firstLine("getconf", ["GNU_LIBC_VERSION"]),
      firstLine("python3", ["--version"]),
      probeSimulatedCpu(valgrind),
      probeLoader(valgrind.bin, { ...PROBE_ENVIRONMENT })
    ]);
    return { glibc, python, cpu, loader };
  };
  const key = probeKey(
    probeKeyParts({
      valgrindBin: valgrind.bin,
      valgrindVersion: valgrind.version,
      files: probeKeyFiles(),
      env: process.env
    })
  );
  return cachedProbe(key, probe, (v) => isMachineProbes(v) && v.cpu.hwcaps !== null);
}
var probed;
function collectEnvironment(valgrind, workspace, cache, weights, cpuView2) {
  probed ??= (async () => {
    const [{ glibc, python, cpu, loader }, os, lists] = await Promise.all([machineProbes(valgrind), osRelease(), cpuLists()]);
    return {
      cgBench: VERSION,
      method: MEASUREMENT_METHOD,
      valgrind: valgrind.version,
      glibc: glibc?.replace(/^glibc\s*/, "") ?? null,
      os,
      arch: machine2(),
      python: python?.replace(/^Python\s*/, "") ?? null,
      cpu,
      image: { ref: process.env["CG_BENCH_IMAGE"] || null, digest: process.env["CG_BENCH_IMAGE_DIGEST"] || null },
      host: { ...loader, ...lists }
    };
  })();
  return probed.then((p) => ({
    ...p,
    workspace,
    cache,
    weights,
    ...p.host ? { host: { ...p.host, ...cpuView2, loaderFiles: loaderFilesDigest() } } : {}
  }));
}

// src/run/benchmark.ts
import { accessSync as accessSync2, constants as fsConstants2, mkdirSync as mkdirSync6, readdirSync as readdirSync6, rmSync as rmSync9, statSync as statSync7 } from "node:fs";
import { constants as constants5 } from "node:os";
import { join as join18, relative as relative6, resolve as resolve5 } from "node:path";

// src/run/gzip.ts
import { createWriteStream, rmSync as rmSync4 } from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
var GZIP_LEVEL = 1;
async function gzipAndRemove(path, read) {
  rmSync4(`${path}.gz`, { force: true });
  let from;
  try {
    from = openPlainStream(path, "profile");
  } catch (error) {
    rmSync4(path, { force: true });
    return { problem: error };
  }
  let problem;
  const tap = new Transform({
    transform(chunk, _encoding, done) {
      if (read && !problem) {
        try {
          read(chunk);
        } catch (error) {
          problem = { problem: error };
        }
      }
      done(null, chunk);
    }
  });
  await pipeline(from, tap, createGzip({ level: GZIP_LEVEL }), createWriteStream(`${path}.gz`, { flags: "wx" }));
  rmSync4(path);
  return problem;
}

// src/run/call-tree.ts
import { join as join13 } from "node:path";

// src/flame/load.ts
import { existsSync as existsSync3, readdirSync as readdirSync2 } from "node:fs";
import { join as join9 } from "node:path";

// src/run/valgrind-files.ts
import { readdirSync } from "node:fs";
import { join as join8 } from "node:path";
var PROFILE = {
  cachegrind: /^cachegrind\.out\.(\d+)$/,
  dhat: /^dhat\.out\.(\d+)$/,
  callgrind: /^callgrind\.out\.(\d+)$/
};
var LOG = /^valgrind\.(\d+)\.log$/;
var MEMORY_DIRECTORY = "memory";
var CALL_TREE_DIRECTORY = "callgrind";
var CALL_TREE_FILE = "call-tree.json";
var LOG_HEAD = 4 * MiB;
var LOG_TAIL = 1 * MiB;
var LOG_OBJECTS = 32 * MiB;
function outputFileArgs(dir, tool = "cachegrind") {
  return [`--${tool}-out-file=${join8(dir, `${tool}.out.%p`)}`, `--log-file=${join8(dir, "valgrind.%p.log")}`];
}
function processMarker(dir) {
  return `--log-file=${join8(dir, "valgrind.")}`;
}
function processFiles(dir, tool = "cachegrind") {
  const byPid = /* @__PURE__ */ new Map();
  for (const name of readdirSync(dir)) {
    const profile = PROFILE[tool].exec(name);
    const log = LOG.exec(name);
    const pid = Number((profile ?? log)?.[1]);
    if (!profile && !log) continue;
    const entry = byPid.get(pid) ?? { pid };
    if (profile) entry.profile = name;
    else entry.log = name;
    byPid.set(pid, entry);
  }
  return [...byPid.values()].sort((a, b) => a.pid - b.pid);
}
function commandInLog(text2) {
  return /^==\d+== Command: (.*)$/m.exec(text2)?.[1];
}
function unfinishedProcesses(dir, tool = "cachegrind") {
  return processFiles(dir, tool).filter((p) => p.log && !p.profile).map((p) => {
    const text2 = readHead(join8(dir, p.log), LOG_HEAD) ?? "";
    return { pid: p.pid, command: commandInLog(text2) ?? "(unknown command)" };
  });
}
function terminatingSignal(dir, pid) {
  const text2 = readTail(join8(dir, `valgrind.${pid}.log`), LOG_TAIL) ?? "";
  return /Process terminating with default action of signal \d+ \((SIG\w+)\)/.exec(text2)?.[1] ?? null;
}
function loadedObjects(logText) {
  const paths = [];
  for (const m of logText.matchAll(/^--\d+-- Reading syms from (\/\S+)/gm)) {
    const path = m[1];
    if (path.includes("/valgrind/") || paths.includes(path)) continue;
    paths.push(path);
  }
  return paths;
}

// src/flame/load.ts
var CALL_TREE_LIMIT = 64 * MiB;
var MAX_CALL_TREE_VALUES = 8e6;
var MAX_DEPTH = 1e3;
function savedCallTree(saved) {
  const names = [];
  const index = /* @__PURE__ */ new Map();
  const encode = (n) => {
    let i = index.get(n.name);
    if (i === void 0) {
      i = names.length;
      names.push(n.name);
      index.set(n.name, i);
    }
    return [i, n.self, n.children.map(encode)];
  };
  const tree = saved.tree.map(encode);
  return `${JSON.stringify({ benchmark: saved.benchmark, weights: saved.weights, names, tree })}
`;
}
var isRecord = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var isCount2 = (v) => typeof v === "number" && Number.isFinite(v) && v >= 0;
function parseCallTree(text2, shown) {
  let values = 1;
  for (let i = 0; i < text2.length && values <= MAX_CALL_TREE_VALUES; i++) {
    const c = text2.charCodeAt(i);
    if (c === 44 || c === 91 || c === 123) values++;
  }
  if (values > MAX_CALL_TREE_VALUES)
    throw new CgBenchError(`${shown}: more than ${MAX_CALL_TREE_VALUES.toLocaleString("en-US")} JSON values; not a call tree cg-bench wrote or can draw`);
  let doc;
  try {
    doc = JSON.parse(text2);
  } catch (error) {
    throw new CgBenchError(`${shown}: not JSON (${error.message})`);
  }
  const bad = (what) => new CgBenchError(`${shown}: ${what}`);
  if (!isRecord(doc)) throw bad("not an object");
  if (typeof doc["benchmark"] !== "string") throw bad("benchmark: not a string");
  const w = doc["weights"];
  if (!isRecord(w) || !isCount2(w["l1"]) || !isCount2(w["ll"]) || !isCount2(w["ram"])) throw bad("weights: not {l1, ll, ram} numbers");
  const names = doc["names"];
  if (!Array.isArray(names) || !names.every((n) => typeof n === "string")) throw bad("names: not an array of strings");
  const decode = (v, at, depth) => {
    if (depth > MAX_DEPTH) throw bad(`${at}: deeper than ${MAX_DEPTH} frames`);
    if (!Array.isArray(v) || v.length !== 3 || !Number.isInteger(v[0]) || typeof names[v[0]] !== "string" || !isCount2(v[1]) || !Array.isArray(v[2]))
      throw bad(`${at}: not [name index, self cycles, [callees]]`);
    return { name: names[v[0]], self: v[1], children: v[2].map((c, i) => decode(c, `${at}[2][${i}]`, depth + 1)) };
  };
  if (!Array.isArray(doc["tree"])) throw bad("tree: not an array");
  const tree = doc["tree"].map((n, i) => decode(n, `tree[${i}]`, 1));
  return { benchmark: doc["benchmark"], weights: { l1: w["l1"], ll: w["ll"], ram: w["ram"] }, tree };
}
function readCallTreeBeneath(root, path, shown) {
  const text2 = readTextBeneath(root, path, CALL_TREE_LIMIT, "call tree", shown);
  return { text: text2, tree: parseCallTree(text2, shown) };
}
function callTreesIn(resultsDir) {
  const trees = /* @__PURE__ */ new Map();
  const benchmarks = join9(resultsDir, "benchmarks");
  if (!existsSync3(benchmarks)) return trees;
  for (const slug of readdirSync2(benchmarks).sort()) {
    const path = join9("benchmarks", slug, CALL_TREE_DIRECTORY, CALL_TREE_FILE);
    if (!existsSync3(join9(resultsDir, path))) continue;
    const tree = parseCallTree(readTextBeneath(resultsDir, path, CALL_TREE_LIMIT, "call tree"), join9(resultsDir, path));
    trees.set(tree.benchmark, tree);
  }
  return trees;
}

// src/flame/tree.ts
function foldChains(chains, weights) {
  const byKey = /* @__PURE__ */ new Map();
  for (const chain of chains) {
    const cycles2 = cyclesFromEvents(chain.events, weights);
    const key = JSON.stringify(chain.stack);
    const known = byKey.get(key);
    if (known) known.cycles += cycles2;
    else byKey.set(key, { stack: [...chain.stack], cycles: cycles2 });
  }
  return [...byKey.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([, c]) => c);
}
var byName = (a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
function callTree(chains) {
  const root = /* @__PURE__ */ new Map();
  for (const { stack, cycles: cycles2 } of chains) {
    let level = root;
    let node;
    for (const name of stack) {
      node = level.get(name);
      if (!node) {
        node = { name, self: 0, children: /* @__PURE__ */ new Map() };
        level.set(name, node);
      }
      level = node.children;
    }
    if (node) node.self += cycles2;
  }
  const close = (level) => [...level.values()].sort(byName).map((n) => ({ name: n.name, self: n.self, children: close(n.children) }));
  return close(root);
}
var building = (name) => ({ name, base: { self: 0, total: 0 }, head: { self: 0, total: 0 }, children: /* @__PURE__ */ new Map() });
function add(parent, nodes, side) {
  for (const node of nodes) {
    let child = parent.children.get(node.name);
    if (!child) {
      child = building(node.name);
      parent.children.set(node.name, child);
    }
    child[side].self += node.self;
    add(child, node.children, side);
  }
}
function finish(node) {
  const children = [...node.children.values()].sort(byName).map(finish);
  const total = (side) => node[side].self + children.reduce((sum, c) => sum + c[side].total, 0);
  return { name: node.name, base: { self: node.base.self, total: total("base") }, head: { self: node.head.self, total: total("head") }, children };
}
function differentialTree(base, head2, rootName) {
  const root = building(rootName);
  add(root, base, "base");
  add(root, head2, "head");
  return finish(root);
}

// src/parse/callgrind.ts
var CALLER_SEPARATOR = "'";
function compressed(value, names, what, shown) {
  const m = /^\((\d+)\)(?: (.*))?$/.exec(value);
  if (!m) return value;
  if (m[2] !== void 0) {
    names.set(m[1], m[2]);
    return m[2];
  }
  const known = names.get(m[1]);
  if (known === void 0) throw new Error(`${shown}: ${what}=(${m[1]}) is used before it is defined`);
  return known;
}
function contextStack(context) {
  const names = context.split(CALLER_SEPARATOR);
  for (let k = 1; k < names.length; k++) if (/^[0-9]+$/.test(names[k])) names[k] = names[k - 1];
  return names.reverse();
}
function parseCallgrind(text2, shown) {
  let events;
  let pid = 0;
  let cmd = "";
  let totals;
  const fnNames = /* @__PURE__ */ new Map();
  const byContext = /* @__PURE__ */ new Map();
  let current;
  let skipNext = false;
  const lines = text2.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === "" || line.startsWith("#")) continue;
    const first = line.charCodeAt(0);
    if (first >= 48 && first <= 57 || first === 43 || first === 45 || first === 42) {
      if (skipNext) {
        skipNext = false;
        continue;
      }
      if (!events) throw new Error(`${shown}:${i + 1}: a cost line before the events: line`);
      if (current === void 0) throw new Error(`${shown}:${i + 1}: a cost line before any fn= line`);
      const fields = line.trim().split(/\s+/).slice(1);
      const costs = fields.map((f) => {
        const n = Number(f);
        if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${shown}:${i + 1}: ${JSON.stringify(f.slice(0, 40))} is not a count`);
        return n;
      });
      const cost = eventsFromVector(events, costs);
      byContext.set(current, addEvents(byContext.get(current) ?? zeroEvents(), cost));
      continue;
    }
    const eq = line.indexOf("=");
    const colon = line.indexOf(":");
    if (eq > 0 && (colon < 0 || eq < colon)) {
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      if (key === "fn") current = compressed(value, fnNames, "fn", shown);
      else if (key === "cfn") compressed(value, fnNames, "cfn", shown);
      else if (key === "calls") skipNext = true;
      continue;
    }
    if (colon > 0) {
      const key = line.slice(0, colon);
      const value = line.slice(colon + 1).trim();
      if (key === "events") events = value.split(/\s+/);
      else if (key === "pid") pid = Number(value);
      else if (key === "cmd") cmd = value;
      else if (key === "totals") totals = value;
      continue;
    }
    throw new Error(`${shown}:${i + 1}: not a Callgrind profile line: ${JSON.stringify(line.slice(0, 80))}`);
  }
  if (!events) throw new Error(`${shown}: no events: line (is this a Callgrind profile?)`);
  const chains = [...byContext.keys()].sort((a, b) => a < b ? -1 : a > b ? 1 : 0).map((context) => ({ stack: contextStack(context), events: byContext.get(context) }));
  const total = chains.reduce((sum, c) => addEvents(sum, c.events), zeroEvents());
  const declared = totals === void 0 ? void 0 : eventsFromVector(events, totals.split(/\s+/).map(Number));
  return { pid, cmd, chains, total, ...declared ? { declared } : {} };
}

// src/run/tool-run.ts
import { mkdirSync as mkdirSync4, rmSync as rmSync6 } from "node:fs";
import { join as join11 } from "node:path";

// src/untrusted/sandbox.ts
import { spawnSync as spawnSync4 } from "node:child_process";
import { createHash as createHash6 } from "node:crypto";
import {
  chmodSync,
  chownSync,
  closeSync as closeSync5,
  fchmodSync,
  fchownSync,
  constants as fsConstants,
  existsSync as existsSync4,
  fstatSync as fstatSync3,
  lchownSync,
  lstatSync as lstatSync7,
  mkdirSync as mkdirSync3,
  mkdtempSync,
  openSync as openSync4,
  readdirSync as readdirSync3,
  readFileSync as readFileSync3,
  readSync as readSync2,
  realpathSync as realpathSync8,
  rmSync as rmSync5,
  statSync as statSync4,
  writeFileSync,
  writeSync as writeSync4
} from "node:fs";
import { arch, hostname } from "node:os";
import { basename as basename6, dirname as dirname7, join as join10, relative as relative2 } from "node:path";

// src/parse/cachegrind.ts
var INLINED_FROM = /\.(h|hh|hpp|hxx|h\+\+|inl|inc|ipp|tcc)$|^\/rustc\/|^\/rust\/deps\/|\/\.cargo\/registry\/|^\/usr\/include\/|^\/usr\/lib\/gcc\//;
var TOOLCHAIN_FUNCTION = /^<?(core|alloc|std|hashbrown|compiler_builtins|std_detect|__gnu_cxx)::/;
function withInlinedCode(functions) {
  const byName2 = /* @__PURE__ */ new Map();
  for (const f of functions) {
    const parts = byName2.get(f.fn);
    if (parts) parts.push(f);
    else byName2.set(f.fn, [f]);
  }
  const out = [];
  for (const parts of byName2.values()) {
    const home = parts.filter((f) => f.file !== "???" && !INLINED_FROM.test(f.file));
    if (parts.length === 1 || home.length !== 1 || TOOLCHAIN_FUNCTION.test(parts[0].fn)) {
      out.push(...parts);
      continue;
    }
    const own = home[0];
    const costs = new Array(own.costs.length).fill(0);
    const lineRuns = [];
    for (const part of [own, ...parts.filter((f) => f !== own)]) {
      for (let i = 0; i < costs.length; i++) costs[i] += part.costs[i] ?? 0;
      for (const r of part.lineRuns) {
        const same = lineRuns.find((l) => l.file === r.file);
        if (same) same.runs.push(...r.runs);
        else lineRuns.push({ file: r.file, runs: [...r.runs] });
      }
    }
    out.push({ file: own.file, fn: own.fn, costs, lineRuns });
  }
  return out;
}
function functionLines(profile, f) {
  const events = profile.events.length;
  const out = [];
  for (const { file, runs } of f.lineRuns) {
    const byLine = /* @__PURE__ */ new Map();
    const add2 = (buffer, start, end) => {
      let i = start;
      let line = 0;
      for (let c = buffer[i]; i < end && c >= ZERO && c <= NINE; c = buffer[++i]) line = line * 10 + (c - ZERO);
      while (i < end && buffer[i] !== SPACE) i++;
      let sum = byLine.get(line);
      if (!sum) {
        sum = new Array(events).fill(0);
        byLine.set(line, sum);
        out.push({ file, line, costs: sum });
      }
      for (let column = 0; i < end; column++) {
        while (i < end && buffer[i] === SPACE) i++;
        if (i >= end) break;
        let value = 0;
        for (let c = buffer[i]; i < end && c >= ZERO && c <= NINE; c = buffer[++i]) value = value * 10 + (c - ZERO);
        sum[column] += value;
      }
    };
    for (const { buffer, start: from, end: to } of runs) {
      for (let start = from; start < to; ) {
        let end = buffer.indexOf(NEWLINE, start);
        if (end < 0 || end > to) end = to;
        const next = end + 1;
        if (end > start && buffer[end - 1] === CR) end--;
        if (end > start) add2(buffer, start, end);
        start = next;
      }
    }
  }
  const sums = new Array(events).fill(0);
  for (const l of out) for (let e = 0; e < events; e++) sums[e] += l.costs[e];
  if (sums.some((v, e) => v !== f.costs[e])) {
    throw new CachegrindParseError(
      `the cost lines of ${f.fn} (${f.file}), read again, add up to ${sums.join(" ")}, not ${f.costs.join(" ")}: the input changed while it was parsed`
    );
  }
  return out;
}
var CachegrindParseError = class extends Error {
  name = "CachegrindParseError";
};
var NEWLINE = 10;
var CR = 13;
var ZERO = 48;
var NINE = 57;
var SPACE = 32;
var EVENTS_LINE = /^events: Ir(?: (?:I1mr|ILmr|Dr|D1mr|DLmr|Dw|D1mw|DLmw|Bc|Bcm|Bi|Bim))* ?\r?$/;
function isEventsLine(text2) {
  return EVENTS_LINE.test(text2);
}
var CachegrindParser = class {
  source;
  leftover;
  lineNumber = 0;
  cmd = "";
  /**
   * Where in the file the parser is. Valgrind writes `desc:` lines, then `cmd:` with the argv
   * joined by spaces as it is, newlines included, then `events:`, then the body. So every line after
   * `cmd:` up to the `events:` line belongs to the command, whatever it looks like (a digit, a blank).
   */
  part = "header";
  desc = [];
  events = [];
  summary;
  totals = [];
  file = "???";
  byKey = /* @__PURE__ */ new Map();
  current;
  currentFunction;
  /** The current function's runs in the current file (`fi=`/`fe=` switch them within a function). */
  currentRuns;
  /** Where in the buffer being read the current run of cost lines began. */
  runStart = 0;
  constructor(source) {
    this.source = source;
  }
  push(chunk) {
    let start = 0;
    if (this.leftover) {
      const end = chunk.indexOf(NEWLINE);
      if (end < 0) {
        this.leftover = Buffer.concat([this.leftover, chunk]);
        return;
      }
      const joined = Buffer.concat([this.leftover, chunk.subarray(0, end + 1)]);
      this.leftover = void 0;
      this.runStart = 0;
      this.line(joined, 0, joined.length - 1);
      this.closeRun(joined, joined.length);
      start = end + 1;
    }
    this.runStart = start;
    for (; ; ) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end < 0) break;
      this.line(chunk, start, end);
      start = end + 1;
    }
    this.closeRun(chunk, start);
    if (start < chunk.length) this.leftover = Buffer.from(chunk.subarray(start));
  }
  finish() {
    if (this.leftover?.length) {
      const rest = this.leftover;
      this.leftover = void 0;
      this.runStart = 0;
      this.line(rest, 0, rest.length);
      this.closeRun(rest, rest.length);
    }
    if (!this.events.length) throw this.error('no "events:" line: not a cachegrind.out file');
    if (!this.summary) throw this.error('no "summary:" line: the file is truncated or the process did not finish');
    for (let i = 0; i < this.events.length; i++) {
      if ((this.summary[i] ?? 0) !== this.totals[i]) {
        throw this.error(`the cost lines add up to ${this.events[i]}=${this.totals[i]} but "summary:" says ${this.summary[i] ?? 0}`);
      }
    }
    return {
      cmd: this.cmd,
      desc: this.desc,
      events: this.events,
      totals: this.totals,
      functions: withInlinedCode([...this.byKey.values()])
    };
  }
  error(message) {
    return new CachegrindParseError(`${this.source}: ${message}`);
  }
  /** Ends the current run of cost lines where the line at `at` begins. */
  closeRun(buffer, at) {
    if (this.currentRuns && at > this.runStart) this.currentRuns.runs.push({ buffer, start: this.runStart, end: at });
    this.runStart = at;
  }
  line(buffer, start, end) {
    this.lineNumber++;
    const next = end + 1;
    if (this.part === "cmd" && !isEventsLine(buffer.toString("latin1", start, Math.min(end, start + 200)))) {
      this.runStart = next;
      this.cmd += `
${buffer.toString("utf8", start, end)}`;
      return;
    }
    if (end > start && buffer[end - 1] === CR) end--;
    if (start === end) return;
    const first = buffer[start];
    if (first >= ZERO && first <= NINE) {
      this.costLine(buffer, start, end);
      return;
    }
    this.closeRun(buffer, start);
    this.runStart = next;
    const text2 = buffer.toString("utf8", start, end);
    if (text2.startsWith("fn=")) this.startFunction(text2.slice(3));
    else if (text2.startsWith("fl=")) this.file = text2.slice(3);
    else if (text2.startsWith("fi=") || text2.startsWith("fe=")) {
      this.file = text2.slice(3);
      if (this.currentFunction) this.currentRuns = this.runsIn(this.currentFunction, this.file);
    } else if (text2.startsWith("events:")) {
      if (this.part === "body")
        throw this.error(`line ${this.lineNumber}: a second "events:" line (does the command have an argument with a newline followed by "events:"?)`);
      this.part = "body";
      this.events = text2.slice(7).trim().split(/\s+/);
      this.totals = new Array(this.events.length).fill(0);
    } else if (text2.startsWith("summary:")) {
      if (this.summary) throw this.error(`line ${this.lineNumber}: a second "summary:" line`);
      this.summary = this.numbers(text2.slice(8));
    } else if (this.part === "header" && text2.startsWith("cmd:")) {
      this.part = "cmd";
      this.cmd = text2.slice(4).trim();
    } else if (this.part === "header" && text2.startsWith("desc:")) this.desc.push(text2.slice(5).trim());
    else if (text2.startsWith("#") || text2.startsWith("version:") || text2.startsWith("creator:") || text2.startsWith("positions:")) return;
    else throw this.error(`line ${this.lineNumber}: unexpected ${JSON.stringify(text2.slice(0, 60))}`);
  }
  startFunction(fn) {
    const key = `${this.file}\0${fn}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { file: this.file, fn, costs: new Array(this.events.length).fill(0), lineRuns: [{ file: this.file, runs: [] }] };
      this.byKey.set(key, entry);
    }
    this.current = entry.costs;
    this.currentFunction = entry;
    this.currentRuns = entry.lineRuns[0];
  }
  runsIn(fn, file) {
    let runs = fn.lineRuns.find((r) => r.file === file);
    if (!runs) {
      runs = { file, runs: [] };
      fn.lineRuns.push(runs);
    }
    return runs;
  }
  costLine(buffer, start, end) {
    const costs = this.current;
    if (!costs) throw this.error(`line ${this.lineNumber}: a cost line before any "fn="`);
    let i = start;
    while (i < end && buffer[i] !== SPACE) i++;
    let column = 0;
    while (i < end) {
      while (i < end && buffer[i] === SPACE) i++;
      if (i >= end) break;
      let value = 0;
      let c = buffer[i];
      if (c < ZERO || c > NINE) throw this.error(`line ${this.lineNumber}: a cost is not a number`);
      while (i < end && (c = buffer[i]) >= ZERO && c <= NINE) {
        value = value * 10 + (c - ZERO);
        i++;
      }
      if (column >= costs.length) throw this.error(`line ${this.lineNumber}: more costs than events`);
      costs[column] = costs[column] + value;
      this.totals[column] = this.totals[column] + value;
      column++;
    }
  }
  numbers(text2) {
    return text2.trim().split(/\s+/).map((part) => {
      const value = Number(part);
      if (!Number.isSafeInteger(value) || value < 0) throw this.error(`line ${this.lineNumber}: "${part}" is not a count`);
      return value;
    });
  }
};
var MAX_PROFILE_BYTES = 512 * (1 << 20);
function boundedParser(source, limit = MAX_PROFILE_BYTES) {
  const parser = new CachegrindParser(source);
  let total = 0;
  return {
    push(chunk) {
      total += chunk.length;
      if (total > limit) throw new CachegrindParseError(`${source}: larger than ${Math.round(limit / (1024 * 1024))} MiB; that is no profile Cachegrind wrote`);
      parser.push(chunk);
    },
    finish: () => parser.finish()
  };
}

// src/util/fixed-hostname.ts
var FIXED_HOSTNAME = "cg-bench";

// src/untrusted/entropy-seal.ts
var ENTROPY_SEAL_X86_64 = Buffer.from("f0VMRgIBAQAAAAAAAAAAAAIAPgABAAAA6ABAAAAAAABAAAAAAAAAAEADAAAAAAAAAAAAAEAAOAACAEAABQAEAAEAAAAFAAAAAAAAAAAAAAAAAEAAAAAAAAAAQAAAAAAA8AIAAAAAAADwAgAAAAAAACAAAAAAAAAAUeV0ZAYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEgx7UiJ50iD5PDoWQAAAPRJifpJifhBgDgAdAVJ/8Dr9UG5AQAAAL8CAAAAvgACQAC6FwAAAEyJyA8FTInCTInITInWTCnSDwW+GAJAAEyJyEyJyg8FMdK45wAAAL99AAAASInWDwXDVVNIiftIg+xgSIsHSI1sxxBI/8h/Cr8aAkAA6Ij///9IjXwkEL6gAkAAuRQAAABmxwQkCgDzpUiNRCQQvyYAAAC+AQAAAEiJRCQIuJ0AAABIicoPBUiFwHQKvz8CQADoRP///0iJ4ridAAAAvxYAAAC+AgAAAA8FSIXAdAq/YQJAAOgh////SIt7EEiNcxC4OwAAAEiJ6g8Fv34CQADoBf///0iDxGBbXcMAAAAAAABjZy1iZW5jaCBlbnRyb3B5IHNlYWw6IAAKAHVzYWdlOiBlbnRyb3B5LXNlYWwgUFJPR1JBTSBbQVJHLi4uXQBwcmN0bChQUl9TRVRfTk9fTkVXX1BSSVZTKSBmYWlsZWQAcHJjdGwoUFJfU0VUX1NFQ0NPTVApIGZhaWxlZABjYW5ub3QgZXhlY3V0ZSB0aGUgY29tbWFuZAAAAAAAAAAAIAAAAAQAAAAVAAMAPgAAwBUAAAYDAABAIAAAAAAAAAAVAAMEYwEAACAAAAAAAAAAFQABAD4BAAAVAAABPgEAQAYAAAAmAAUABgAAAAAA/39HQ0M6IChEZWJpYW4gMTIuMi4wLTE0K2RlYjEydTEpIDEyLjIuMAAALnNoc3RydGFiAC50ZXh0AC5yb2RhdGEALmNvbW1lbnQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAALAAAAAQAAAAYAAAAAAAAA6ABAAAAAAADoAAAAAAAAABIBAAAAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAAAAEQAAAAEAAAACAAAAAAAAAAACQAAAAAAAAAIAAAAAAADwAAAAAAAAAAAAAAAAAAAAIAAAAAAAAAAAAAAAAAAAABkAAAABAAAAMAAAAAAAAAAAAAAAAAAAAPACAAAAAAAAJwAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAQAAAAAAAAABAAAAAwAAAAAAAAAAAAAAAAAAAAAAAAAXAwAAAAAAACIAAAAAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAAAA", "base64");

// src/untrusted/kept-probes.ts
import { createHash as createHash5 } from "node:crypto";
import { readFileSync as readFileSync2, readlinkSync as readlinkSync4 } from "node:fs";
import { machine as machine3, release as release2, version as version2 } from "node:os";
var USERNS_SETTINGS = [
  "/proc/sys/user/max_user_namespaces",
  "/proc/sys/kernel/unprivileged_userns_clone",
  "/proc/sys/kernel/apparmor_restrict_unprivileged_userns"
];
function readOrNull(read) {
  try {
    return read();
  } catch {
    return null;
  }
}
var machinePart;
function machineIdentity(env) {
  machinePart ??= JSON.stringify({
    format: 1,
    cgBench: VERSION,
    arch: machine3(),
    kernel: `${release2()} ${version2()}`,
    ids: `${process.getuid?.()}:${process.getgid?.()}`,
    namespaces: ["user", "mnt", "pid"].map((ns) => readOrNull(() => readlinkSync4(`/proc/self/ns/${ns}`))),
    settings: USERNS_SETTINGS.map((file) => readOrNull(() => readFileSync2(file, "utf8").trim())),
    image: `${env["CG_BENCH_IMAGE"] ?? ""}@${env["CG_BENCH_IMAGE_DIGEST"] ?? ""}`,
    // Where the programs are looked up (inside a view, by name: ownProgram), and what they are.
    path: ownProgramsPath(),
    programs: ["unshare", "taskset", "setpriv", "mount", "mkdir", "mktemp", "hostname", "env"].map((p) => fileIdentity(ownProgram(p))).concat(fileIdentity("/bin/sh"))
  });
  return machinePart;
}
function keyOf(argv, perRun, env) {
  const stable = argv.map((a) => perRun.reduce((text2, part, i) => text2.split(part).join(`<run-${i}>`), a));
  return createHash5("sha256").update(machineIdentity(env)).update("\0").update(JSON.stringify([process.cwd(), stable])).digest("hex");
}
var answeredFromFile = [];
function keptProbe(probe, perRun, env = process.env) {
  const file = sandboxProbesFile(env);
  if (file === void 0) return probe;
  let kept;
  return (argv) => {
    const key = keyOf(argv, perRun(), env);
    kept ??= keptKeys(file);
    if (kept.has(key)) {
      if (!answeredFromFile.some((a) => a.key === key)) answeredFromFile.push({ argv, key });
      return true;
    }
    const works2 = probe(argv);
    if (works2) {
      updateKeptKeys(file, [key]);
      kept.add(key);
    }
    return works2;
  };
}
function keptProbesStillWork(probe, env = process.env) {
  if (!answeredFromFile.length || answeredFromFile.every(({ argv }) => probe(argv))) return true;
  const file = sandboxProbesFile(env);
  if (file !== void 0)
    updateKeptKeys(
      file,
      [],
      answeredFromFile.map((a) => a.key)
    );
  answeredFromFile.length = 0;
  return false;
}

// src/untrusted/sandbox.ts
var UNTRUSTED_ID = 65534;
function truthy(value) {
  return Boolean(value) && value !== "0" && value !== "false";
}
function untrustedUser(root, env, ownCopy = false) {
  const asked = env["CG_BENCH_RUN_AS"]?.trim();
  if (asked === "root") return void 0;
  if (asked) {
    const match = /^(\d+):(\d+)$/.exec(asked);
    if (!match) throw new CgBenchError(`CG_BENCH_RUN_AS=${JSON.stringify(asked)}: write uid:gid (e.g. 65534:65534), or root`);
    if (Number(match[1]) === 0)
      throw new CgBenchError(
        `CG_BENCH_RUN_AS=${JSON.stringify(asked)} names uid 0, root: name a uid that runs nothing else (e.g. 65534:65534), or write root to keep the code as root (it can then read cg-bench's environment)`
      );
    if (match.slice(1).some((id) => Number(id) >= 4294967295))
      throw new CgBenchError(`CG_BENCH_RUN_AS=${JSON.stringify(asked)}: each id must be below 4294967295 (which means "unchanged" to the kernel)`);
    if (Number(match[2]) === 0)
      throw new CgBenchError(`CG_BENCH_RUN_AS=${JSON.stringify(asked)} names gid 0, root's group: name a gid of its own (e.g. 65534:65534)`);
    return { uid: Number(match[1]), gid: Number(match[2]) };
  }
  const owner = statSync4(root);
  if (owner.uid !== 0) return { uid: owner.uid, gid: owner.gid };
  if (ownCopy && ["CI", "GITLAB_CI", "GITHUB_ACTIONS"].some((name) => truthy(env[name]))) return { uid: UNTRUSTED_ID, gid: UNTRUSTED_ID };
  return void 0;
}
var BENCHMARK_PID_IN_NAMESPACE = 2;
var PID_NAMESPACE_INIT = ["/bin/sh", "-c", '"$@"; exit $?', "cg-bench-init"];
function pidNamespace(proc) {
  return ["--pid", "--fork", "--kill-child", ...proc ? ["--mount-proc"] : []];
}
var PROC_REFUSED = "mount /proc failed";
var ONE_CPU_VIEW = { cpusOnline: "0", cpusPossible: "0", affinity: 1 };
var CPU_LIST_FILES = ["online", "possible", "present"].map((f) => `/sys/devices/system/cpu/${f}`);
function parseCpuList(text2) {
  const cpus = [];
  for (const part of text2.trim().split(",")) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!match) return [];
    const from = Number(match[1]);
    const to = match[2] === void 0 ? from : Number(match[2]);
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}
function allowedCpus() {
  try {
    const line = /^Cpus_allowed_list:\s*(.*)$/m.exec(readFileSync3("/proc/self/status", "utf8"));
    return line ? parseCpuList(line[1]) : [];
  } catch {
    return [];
  }
}
var ENTROPY_BYTES = 1 << 20;
function fixedEntropy(size = ENTROPY_BYTES) {
  const out = Buffer.alloc(size);
  for (let block = 0, at = 0; at < size; block++, at += 32) createHash6("sha256").update(`cg-bench fixed entropy ${block}`).digest().copy(out, at);
  return out;
}
var FIXED_ENTROPY_SHA256 = "359f9af6d81290ede7e1ac7b3f170f682d6cf5547ff7054ce83e828ed41a5d2f";
function keptEntropyFile(env = process.env) {
  const probes = probeCacheFile(env);
  return probes === void 0 ? void 0 : join10(dirname7(probes), `entropy-${FIXED_ENTROPY_SHA256.slice(0, 16)}`);
}
function keptFixedEntropy(file, make = fixedEntropy) {
  const dir = file === void 0 ? void 0 : holdKeptDirectory(dirname7(file));
  if (file === void 0 || dir === void 0) return make();
  try {
    const held2 = join10(dir.path, basename6(file));
    try {
      const s = lstatSync7(held2);
      const ours = typeof process.getuid !== "function" || s.uid === process.getuid();
      if (s.isFile() && ours && (s.mode & 18) === 0 && s.size === ENTROPY_BYTES) {
        const kept = readBytesBounded(held2, ENTROPY_BYTES, "kept entropy");
        if (createHash6("sha256").update(kept).digest("hex") === FIXED_ENTROPY_SHA256) return kept;
      }
    } catch {
    }
    const made = make();
    try {
      replaceKeptFile(dir, basename6(file), made);
    } catch {
    }
    return made;
  } finally {
    dir.release();
  }
}
function runsDirectory() {
  const dir = runsDirectoryPath();
  sharedHomesDirectory(dir);
  return dir;
}
function runsDirectoryPath() {
  return join10(ownTmpdir(), "cg-bench-runs");
}
function runsCover() {
  const runs = runsDirectoryPath();
  return SHARED_TMP_DIRS.some((dir) => runs.startsWith(`${dir}/`)) ? void 0 : runs;
}
var sealFiles;
function sealFilesOnce() {
  if (sealFiles) return sealFiles;
  const dir = mkdtempSync(join10(runsDirectory(), "seal-"));
  chmodSync(dir, 493);
  const oneCpu = join10(dir, "one-cpu");
  writeFileSync(oneCpu, "0\n", { mode: 292 });
  const entropy = join10(dir, "entropy");
  writeFileSync(entropy, keptFixedEntropy(keptEntropyFile()), { mode: 292 });
  let entropySeal;
  if (arch() === "x64") {
    entropySeal = join10(dir, "entropy-seal");
    writeFileSync(entropySeal, ENTROPY_SEAL_X86_64, { mode: 365 });
  }
  process.once("exit", () => rmSync5(dir, { recursive: true, force: true }));
  sealFiles = { oneCpu, entropy, entropySeal };
  return sealFiles;
}
var RANDOM_DEVICES = ["/dev/urandom", "/dev/random"];
var KEPT_END = "cg-bench-kept-end";
var PRIVATE_TMP_NAME = `.cg-bench-private-${process.pid}`;
var PRIVATE_TMP_INNER = "tmp";
var HANDED_START = "cg-bench-handed";
function reservedDirectories() {
  return [...new Set([runsDirectoryPath(), HOMES_DIR].flatMap((dir) => [dir, realOrGiven(dir)]))];
}
var HOMES_DIR = "/tmp/cg-bench-home";
var HANDED_VARIABLES = { HOME: false, TMPDIR: false, PATH: true, PYTHONPATH: true };
function handedPathProblem(given, workingDirectory = false) {
  const path = given.length > 1 ? given.replace(/\/+$/, "") : given;
  const real = realOrGiven(path);
  const shared = (at) => SHARED_TMP_DIRS.some((dir) => at.startsWith(`${dir}/`));
  const cover = runsCover();
  const covered = (at) => cover !== void 0 && (at === cover || at.startsWith(`${cover}/`));
  if (!shared(path) && !covered(path) && !covered(real) && !(workingDirectory && shared(real))) return void 0;
  if (shared(path) && /\/\/|\/\.\.?(?:\/|$)/.test(path)) return `is not written plainly (".", ".." or "//"): the view binds back only ${join10(path)} written so`;
  for (const at of /* @__PURE__ */ new Set([path, real])) {
    const linked = at !== path;
    const where2 = linked ? ` (through a link, ${at})` : "";
    if (SHARED_TMP_DIRS.some((dir) => at.startsWith(`${dir}/.cg-bench-private-`))) return `lies${where2} in another run's private temporary directory`;
    for (const reserved of reservedDirectories()) {
      if ((at === reserved || reserved.startsWith(`${at}/`)) && (workingDirectory || linked))
        return `is${where2} ${at === reserved ? "" : "a directory above "}${reserved}, where cg-bench keeps other runs' directories (other jobs' Valgrind output, other benchmarks' homes)`;
      if (at.startsWith(`${reserved}/`))
        return `lies${where2} in ${reserved}, where cg-bench keeps other runs' directories; a benchmark's own HOME and TMPDIR are its default ones`;
    }
  }
  return void 0;
}
var MOUNT_TABLE = "mounts";
function mountTableField(path) {
  return path.replace(/[\s\\]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`);
}
function shellWord(text2) {
  return `'${text2.replace(/'/g, "'\\''")}'`;
}
function privateTmpScript(reserved, sealBinds, runs) {
  const fromRuns = (then, indent = "  ") => runs === void 0 ? [] : [`${indent}"$_cgb_rd"/*) ${then} ;;`];
  const runsRest = '${1#"$_cgb_rd"/}';
  return [
    "_cgb_keep() {",
    " case $1 in",
    ...fromRuns(`_cgb_from=/proc/self/fd/6/${runsRest}`),
    ...SHARED_TMP_DIRS.map((dir, i) => `  ${dir}/*) _cgb_from=/proc/self/fd/${7 + i}/\${1#${dir}/} ;;`),
    "  *) return 0 ;;",
    " esac;",
    // The working directory from /proc/self/cwd: the code's uid may hold it without being allowed to reach it by its path.
    ' [ -n "$2" ] && _cgb_from=$2;',
    ' if [ -d "$_cgb_from" ]; then [ -d "$1" ] || mkdir -p "$1" || exit 125;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' elif [ -e "$_cgb_from" ] && [ ! -e "$1" ]; then mkdir -p "${1%/*}" && : >"$1" || exit 125;',
    " else return 0; fi;",
    ' mount --no-canonicalize --bind "$_cgb_from" "$1" || exit 125;',
    "}",
    // A handed path ($1; the working directory's source $2): trailing slashes dropped, then bound only if plain and no other run's.
    "_cgb_handed() {",
    " _cgb_path=$1;",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    " while :; do case $_cgb_path in ?*/) _cgb_path=${_cgb_path%/} ;; *) break ;; esac; done;",
    " case $_cgb_path in *//* | */./* | */../* | */. | */..) return 0 ;; esac;",
    " case $_cgb_path in",
    ...SHARED_TMP_DIRS.map(
      (dir, i) => `  ${dir}/.cg-bench-private-*) return 0 ;;
  ${dir}/*) _cgb_at=/proc/self/fd/${7 + i} _cgb_rest=\${_cgb_path#${dir}/} _cgb_want=${shellWord(realOrGiven(dir))}/\${_cgb_path#${dir}/} ;;`
    ),
    "  *) return 0 ;;",
    " esac;",
    // One of them or a directory above: narrowed to an empty private directory (the run's own beneath
    // it are bound already), never the working directory (the view then fails: nothing is re-entered).
    ` for _cgb_r in ${reserved.map(shellWord).join(" ")}; do`,
    '  case $_cgb_r/ in "$_cgb_path"/*) [ -n "$2" ] && return 0; [ -d "$_cgb_path" ] || mkdir -p "$_cgb_path" || exit 125; return 0 ;; esac;',
    '  case $_cgb_path in "$_cgb_r"/*) return 0 ;; esac;',
    " done;",
    // The working directory: from the shell's own, entered by a checked descriptor (runProcess).
    ' [ -n "$2" ] && { _cgb_keep "$_cgb_path" "$2"; return 0; };',
    // Through a link in the shared directory, a name the run handed could lead anywhere there.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' while [ -n "$_cgb_rest" ]; do _cgb_at=$_cgb_at/${_cgb_rest%%/*}; [ -L "$_cgb_at" ] && return 0; case $_cgb_rest in */*) _cgb_rest=${_cgb_rest#*/} ;; *) _cgb_rest= ;; esac; done;',
    " _cgb_from=$_cgb_at;",
    // A link swapped in after that check would still be followed by the mount: what is bound is the
    // directory a subshell entered (cd -P), once the kernel's name for it (getcwd: $PWD) is the path
    // handed, never one a link leads to; a file, from its directory entered so, is checked after.
    // A path that is not what it was (status 3) is not bound.
    ' if [ -d "$_cgb_from" ]; then [ -d "$_cgb_path" ] || mkdir -p "$_cgb_path" || exit 125;',
    '  ( cd -P -- "$_cgb_from" 2>/dev/null && [ "$PWD" = "$_cgb_want" ] || exit 3; exec mount --no-canonicalize --bind /proc/self/cwd "$_cgb_path" );',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' elif [ -e "$_cgb_from" ] && [ ! -e "$_cgb_path" ]; then mkdir -p "${_cgb_path%/*}" && : >"$_cgb_path" || exit 125; _cgb_name=${_cgb_path##*/};',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    '  ( cd -P -- "${_cgb_from%/*}" 2>/dev/null && [ "$PWD" = "${_cgb_want%/*}" ] && [ ! -L "$_cgb_name" ] || exit 3;',
    '   mount --no-canonicalize --bind "/proc/self/cwd/$_cgb_name" "$_cgb_path" && [ ! -L "$_cgb_name" ] && [ "$_cgb_path" -ef "$_cgb_name" ] || exit 125 );',
    " else return 0; fi;",
    " case $? in 0 | 3) ;; *) exit 125 ;; esac;",
    "}",
    // Each private directory by a mktemp of its own, their `tmp` by one mkdir (a process fewer per directory).
    `${SHARED_TMP_DIRS.map((_, i) => `_cgb_t${7 + i}=`).join(" ")}`,
    ...SHARED_TMP_DIRS.map(
      (dir, i) => `if [ -d ${dir} ]; then exec ${7 + i}<${dir} && _cgb_t${7 + i}=$(mktemp -d /proc/self/fd/${7 + i}/${PRIVATE_TMP_NAME}.$$.XXXXXXXX)/${PRIVATE_TMP_INNER} || exit 125; fi`
    ),
    `mkdir -m 1777 ${SHARED_TMP_DIRS.map((_, i) => `\${_cgb_t${7 + i}:+"$_cgb_t${7 + i}"}`).join(" ")} || exit 125`,
    // What the mount table and the runs directory's cover are made in: the first private directory.
    `_cgb_own=\${_cgb_t7:-\${_cgb_t8:-$_cgb_t9}}; _cgb_own=\${_cgb_own%/${PRIVATE_TMP_INNER}}`,
    ...runs === void 0 ? ["_cgb_runs="] : [`_cgb_rd=${shellWord(runs)}; exec 6<"$_cgb_rd" && _cgb_runs=$_cgb_own/runs && mkdir "$_cgb_runs" || exit 125`],
    // cg-bench's own paths (up to HANDED_START) that are directories named plainly (no blank or
    // backslash, which a table would need escaped) go in the same table, their mount points made by
    // one `mkdir -p` in the private directories (a mkdir and a mount each before); the rest are
    // bound as before, after it. Scanned in a function, so the arguments stay for the loops below.
    "_cgb_dirs= _cgb_binds= _cgb_taken=",
    "_cgb_scan() {",
    ` while [ "$1" != ${HANDED_START} ]; do`,
    "  case $1 in *[[:space:]]* | *\\\\*) shift; continue ;; esac;",
    "  case $1 in",
    ...fromRuns(`_cgb_from=/proc/self/fd/6/${runsRest} _cgb_to=$_cgb_runs/${runsRest}`, "   "),
    ...SHARED_TMP_DIRS.map(
      (dir, i) => `   ${dir}/*) _cgb_from=/proc/self/fd/${7 + i}/\${1#${dir}/} _cgb_to=\${_cgb_t${7 + i}:+"$_cgb_t${7 + i}"/\${1#${dir}/}} ;;`
    ),
    "   *) shift; continue ;;",
    "  esac;",
    '  if [ -n "$_cgb_to" ] && [ -d "$_cgb_from" ]; then',
    '   _cgb_dirs="$_cgb_dirs $_cgb_to"; _cgb_taken="$_cgb_taken $1 ";',
    '   _cgb_binds="$_cgb_binds$_cgb_from $1 none bind 0 0\n";',
    "  fi;",
    "  shift;",
    " done;",
    "}",
    '_cgb_scan "$@"',
    // Plain names only: split on blanks, never globbed.
    "set -f",
    '[ -z "$_cgb_dirs" ] || mkdir -p $_cgb_dirs || exit 125',
    // The seal's binds, the private directories' and cg-bench's own paths in one table beside the
    // first private `tmp`, mounted by one `mount --all` (8 mount processes before).
    `_cgb_table=$_cgb_own/${MOUNT_TABLE}`,
    [
      "{",
      ...sealBinds.length ? [`printf '%s\\n' ${sealBinds.map(([from, to]) => shellWord(`${mountTableField(from)} ${mountTableField(to)} none bind 0 0`)).join(" ")};`] : [],
      ...SHARED_TMP_DIRS.map((dir, i) => `[ -z "$_cgb_t${7 + i}" ] || printf '%s ${dir} none bind 0 0\\n' "$_cgb_t${7 + i}";`),
      ...runs === void 0 ? [] : [`printf '%s %s none bind 0 0\\n' "$_cgb_runs" ${shellWord(mountTableField(runs))};`],
      `printf '%s' "$_cgb_binds";`,
      '} >"$_cgb_table" || exit 125'
    ].join(" "),
    'mount --no-canonicalize --all --fstab "$_cgb_table" || exit 125',
    // mount --all passes over a line it cannot parse and still exits 0: each bind is checked (builtins only).
    ...SHARED_TMP_DIRS.map((dir, i) => `[ -z "$_cgb_t${7 + i}" ] || [ ${dir} -ef "$_cgb_t${7 + i}" ] || exit 125`),
    ...runs === void 0 ? [] : ['[ "$_cgb_rd" -ef "$_cgb_runs" ] || exit 125'],
    ...sealBinds.map(([, to]) => CPU_LIST_FILES.includes(to) ? `read _cgb_x <${to} && [ "$_cgb_x" = 0 ] || exit 125` : `[ -f ${to} ] || exit 125`),
    // Each of cg-bench's own paths the table bound shows what its path showed before.
    "_cgb_same() { case $1 in",
    ...fromRuns(`[ "$1" -ef /proc/self/fd/6/${runsRest} ]`),
    ...SHARED_TMP_DIRS.map((dir, i) => `  ${dir}/*) [ "$1" -ef /proc/self/fd/${7 + i}/\${1#${dir}/} ] ;;`),
    " esac; }",
    'for _cgb_p in $_cgb_taken; do _cgb_same "$_cgb_p" || exit 125; done',
    "set +f",
    "_cgb_handed_list() {",
    " _cgb_list=$1;",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    ' while [ -n "$_cgb_list" ]; do _cgb_handed "${_cgb_list%%:*}"; case $_cgb_list in *:*) _cgb_list=${_cgb_list#*:} ;; *) _cgb_list= ;; esac; done;',
    "}",
    `while [ "$1" != ${HANDED_START} ]; do case $_cgb_taken in *" $1 "*) ;; *) _cgb_keep "$1" ;; esac; shift; done; shift`,
    // The code's values, from the _CGB_ variables sandboxedCommand sets: the shell's own environment is cg-bench's.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's parameter expansion
    '_cgb_here=${_CGB_PWD:-$PWD}; _cgb_handed "$_cgb_here" /proc/self/cwd; _cgb_handed "$_CGB_HOME"; _cgb_handed "$_CGB_TMPDIR"; _cgb_handed_list "$_CGB_PATH"; _cgb_handed_list "$_CGB_PYTHONPATH"',
    `while [ "$1" != ${KEPT_END} ]; do _cgb_handed "$1"; shift; done; shift`,
    `exec ${runs === void 0 ? "" : "6<&- "}7<&- 8<&- 9<&-`,
    // Entered again only where a private directory now covers its path (elsewhere no mount does, and a
    // working directory below one the code's uid may not search, a checkout in a mkdtemp directory of
    // root's, could not be entered by its path: every view failed and the run lost its private ones).
    // One the code's uid may not search itself cannot be entered again: the run stays in it as it was,
    // and without search rights nothing is reached from it by "..".
    `_cgb_cd() { case $_cgb_here in ${SHARED_TMP_DIRS.map((dir) => `${dir}/*`).join(" | ")}) cd "$_cgb_here" 2>/dev/null || [ ! -x . ] || exit 125 ;; esac; }`,
    "_cgb_cd"
  ].join("\n");
}
var SKIP_KEPT = `while [ "$1" != ${KEPT_END} ]; do shift; done; shift`;
function viewPrefix(net, pid, inner, view, kept) {
  const files = view.cpuLists || view.entropy ? sealFilesOnce() : void 0;
  const sealBinds = [
    ...view.cpuLists && files ? CPU_LIST_FILES.map((f) => [files.oneCpu, f]) : [],
    ...view.entropy && files ? RANDOM_DEVICES.map((f) => [files.entropy, f]) : []
  ];
  const runs = view.privateTmp ? runsCover() : void 0;
  if (runs !== void 0) runsDirectory();
  const binds = view.privateTmp ? [] : sealBinds.map(([from, to]) => `mount --bind ${shellWord(from)} ${to} || exit 125`);
  return [
    ownProgram("unshare"),
    "--user",
    "--map-user=0",
    "--map-group=0",
    "--mount",
    ...view.hostname ? ["--uts"] : [],
    ...net ? ["--net"] : [],
    "--",
    "/bin/sh",
    "-c",
    [
      ...view.hostname ? [`hostname ${FIXED_HOSTNAME} || exit 125`] : [],
      ...binds,
      "shift 2",
      view.privateTmp ? privateTmpScript(reservedDirectories(), sealBinds, runs) : SKIP_KEPT,
      'exec "$@"'
    ].join("\n"),
    "cg-bench-sealed-view",
    files?.oneCpu ?? "-",
    files?.entropy ?? "-",
    // The seal files (the entropy seal runs from there) and what the caller hands every run (the project).
    ...files ? [dirname7(files.oneCpu)] : [],
    ...kept,
    HANDED_START,
    KEPT_END,
    ownProgram("unshare"),
    "--user",
    // SysV shared memory and message queues of its own: on the host's, what one run left (ipcmk) was
    // there for the next, whose count it moved (4,165,319 → 4,354,867 cycles), and outlived it.
    "--ipc",
    `--map-user=${inner.uid}`,
    `--map-group=${inner.gid}`,
    ...pid ? pidNamespace(view.proc) : [],
    "--",
    ...view.entropy && files?.entropySeal ? [files.entropySeal] : [],
    ...pid ? PID_NAMESPACE_INIT : []
  ];
}
function realOrGiven(path) {
  try {
    return realpathSync8(path);
  } catch {
    return path;
  }
}
var UNSEALED = {
  pids: "host",
  ids: "host",
  network: "host",
  cpus: "host",
  entropy: "os",
  tmp: "shared",
  proc: "host",
  ipc: "host",
  hostname: "host"
};
var NO_SANDBOX = { user: void 0, isolatedNetwork: false, isolatedPids: false, prefix: [], measuredPrefix: [], seal: UNSEALED, notes: [] };
function overflowId(kind) {
  try {
    const n = Number(readFileSync3(`/proc/sys/kernel/overflow${kind}`, "utf8").trim());
    return Number.isInteger(n) && n >= 0 ? n : UNTRUSTED_ID;
  } catch {
    return UNTRUSTED_ID;
  }
}
var TOKEN_VARIABLE = /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_KEY|API_KEY/i;
var PROBE_ATTEMPTS = 4;
var PROBE_TIMEOUT_MS2 = 2e4;
function pause(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
var FINAL_NO = "final-no";
function retrying(probe, attempts = PROBE_ATTEMPTS, pauseMs = 250) {
  return (argv) => {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const answer = probe(argv);
      if (answer === true) return true;
      if (answer === FINAL_NO) return false;
      if (attempt < attempts && pauseMs > 0) pause(pauseMs * attempt);
    }
    return false;
  };
}
function probeOnce(argv) {
  const env = ownProgramsEnv();
  const r = spawnSync4(argv[0], [...argv.slice(1), "true"], { encoding: "utf8", env, stdio: ["ignore", "ignore", "pipe"], timeout: PROBE_TIMEOUT_MS2 });
  if (r.pid && argv.includes(KEPT_END)) probedViews.push(r.pid);
  return { works: r.status === 0, stderr: r.stderr ?? "" };
}
function worksOnce(argv) {
  return probeOnce(argv).works;
}
var probedViews = [];
function removeProbeTmp() {
  const pids = probedViews.splice(0);
  if (!pids.length) return;
  removeAsOwners(SHARED_TMP_DIRS.flatMap((dir) => privateTmpOf(dir, pids)));
}
function privateTmpOf(dir, pids) {
  try {
    return readdirSync3(dir).filter((name) => pids.some((pid) => name.startsWith(`${PRIVATE_TMP_NAME}.${pid}.`))).map((name) => join10(dir, name));
  } catch {
    return [];
  }
}
var probed2 = /* @__PURE__ */ new Map();
function cached(probe) {
  return (argv) => {
    const key = argv.join("\0");
    if (!probed2.has(key)) probed2.set(key, probe(argv));
    return probed2.get(key);
  };
}
var worksCached = cached(retrying(worksOnce));
var freshProcWorks = cached(
  retrying((argv) => {
    const once = probeOnce(argv);
    return once.works || (once.stderr.includes(PROC_REFUSED) ? FINAL_NO : false);
  })
);
function onlyLoopback() {
  try {
    return readdirSync3("/sys/class/net").every((name) => name === "lo");
  } catch {
    return false;
  }
}
var SEAL_VARIABLE = "CG_BENCH_SEAL";
function bestEffort(env) {
  const value = env[SEAL_VARIABLE]?.trim();
  if (!value || value === "strict") return false;
  if (value === "best-effort") return true;
  throw new CgBenchError(`${SEAL_VARIABLE}=${JSON.stringify(value)}: write best-effort (measure with the seal this host can make) or strict (the default)`);
}
function requireSeal(missing, env, notes) {
  if (!missing.length) return;
  if (bestEffort(env)) {
    notes.push(
      `warning: ${missing.join("; ")}; measuring anyway (${SEAL_VARIABLE}=best-effort): results.json records the seal, and results made under another seal are not comparable`
    );
    return;
  }
  throw new CgBenchError(
    `cannot seal the benchmarks as cg-bench.yml asks: ${missing.join("; ")}. Allow user namespaces (a container engine's seccomp profile or AppArmor may refuse unshare), or measure with what this host can make: ${SEAL_VARIABLE}=best-effort in cg-bench's environment (the seal is recorded in results.json; results made under another seal are not comparable)`
  );
}
function untrustedSandbox(options) {
  try {
    return makeSandbox(options);
  } finally {
    removeProbeTmp();
  }
}
function sandboxProbesStillWork() {
  try {
    return keptProbesStillWork(retrying(worksOnce));
  } finally {
    removeProbeTmp();
  }
}
function makeSandbox(options) {
  const env = options.env ?? process.env;
  const uid = options.uid ?? process.getuid?.() ?? -1;
  const perRun = () => [...sealFiles ? [dirname7(sealFiles.oneCpu)] : [], PRIVATE_TMP_NAME];
  const own = (real) => options.keptProbes ? keptProbe(real, perRun) : real;
  const probe = options.probe ? retrying(options.probe, PROBE_ATTEMPTS, options.probePauseMs ?? 0) : own(worksCached);
  const procProbe = options.probe ? probe : own(freshProcWorks);
  const noNetworkAnyway = () => !options.network && (options.onlyLoopback ?? onlyLoopback)();
  const notes = [];
  let user;
  const prefix = [];
  if (uid === 0) user = untrustedUser(options.root, env);
  if (user) {
    prefix.push(...asId(user));
    if (!probe(prefix)) {
      throw new CgBenchError(
        `cg-bench runs as root, and then runs setup commands and benchmarks as uid ${user.uid} with setpriv (util-linux), which does not work here; run cg-bench as a non-root user, or in the cg-bench image`
      );
    }
    notes.push(`setup commands and benchmarks run as uid ${user.uid}: they cannot read cg-bench's or the job's environment`);
  } else if (uid === 0) {
    notes.push(
      "note: setup commands and benchmarks run as root, as cg-bench does: they can read its environment. In CI, or with CG_BENCH_RUN_AS=65534:65534, they run as another user."
    );
  } else {
    const exposed = Object.keys(env).filter((name) => TOKEN_VARIABLE.test(name)).sort();
    if (exposed.length) {
      notes.push(
        `warning: ${exposed.join(", ")} ${exposed.length === 1 ? "is" : "are"} in cg-bench's environment, and setup commands and benchmarks run as the same uid: they can read it from /proc. Measure in a job that holds no token (README, SECURITY).`
      );
    }
  }
  const id = user ?? { uid, gid: process.getgid?.() ?? uid };
  const unshare = (net, pid, inner, proc = false) => [
    ownProgram("unshare"),
    "--user",
    // SysV shared memory and message queues of its own: on the host's, what one run left (ipcmk) was
    // there for the next, whose count it moved (4,165,319 → 4,354,867 cycles), and outlived it.
    "--ipc",
    `--map-user=${inner.uid}`,
    `--map-group=${inner.gid}`,
    ...net ? ["--net"] : [],
    ...pid ? pidNamespace(proc) : [],
    "--",
    // Pid 1 of a namespace ignores signals it has no handler for, even its own: a shell is pid 1, the
    // benchmark pid 2. Not the last command, so the shell waits instead of exec'ing it.
    ...pid ? [...PID_NAMESPACE_INIT] : []
  ];
  const anonymous = { uid: overflowId("uid"), gid: overflowId("gid") };
  const namedAlready = (options.machineHostname ?? hostname()) === FIXED_HOSTNAME;
  const tries = options.network ? [[false, true]] : [
    [true, true],
    [true, false]
  ];
  for (const [net, pid] of tries) {
    if (!probe([...prefix, ...unshare(net, pid, id)])) continue;
    const proc = pid && procProbe([...prefix, ...unshare(net, pid, id, true)]);
    const isolate = unshare(net, pid, id, proc);
    const setupIsolate = net && options.setupNetwork ? unshare(false, pid, id, proc) : isolate;
    if (!probe([...prefix, ...setupIsolate])) continue;
    const measuredIsolate = unshare(net, pid, anonymous, proc);
    let oneCpu;
    let entropy = false;
    let privateTmp = false;
    let madeView = false;
    let ownProc = proc;
    let fixedHostname = namedAlready;
    const cpus = options.cpus ?? allowedCpus();
    const cpuLists2 = Boolean(options.oneCpu && cpus.length);
    const kept = [realOrGiven(options.root)];
    const tmpProject = SHARED_TMP_DIRS.includes(kept[0]);
    const canSealEntropy = pid && sealFilesOnce().entropySeal !== void 0;
    const pin = cpuLists2 ? [ownProgram("taskset"), "--cpu-list", String(cpus[0])] : [];
    const views = pid ? (proc ? [true, false] : [false]).flatMap(
      (proc2) => (tmpProject ? [false] : [true, false]).flatMap((privateTmp2) => [
        { cpuLists: cpuLists2, entropy: canSealEntropy, privateTmp: privateTmp2, proc: proc2 },
        ...canSealEntropy ? [{ cpuLists: cpuLists2, entropy: false, privateTmp: privateTmp2, proc: proc2 }] : []
      ])
    ).flatMap((view) => [...namedAlready ? [] : [{ ...view, hostname: true }], { ...view, hostname: false }]).filter((view) => view.cpuLists || view.entropy || view.privateTmp) : [];
    const viewed = (view) => viewPrefix(net, pid, anonymous, view, kept);
    const anonymised = views.length > 0 && probe([...pin, ...prefix, ...viewed(views[0])]) || probe([...prefix, ...measuredIsolate]);
    let measuredPrefix = [...prefix, ...anonymised ? measuredIsolate : isolate];
    if (pid && anonymised) {
      for (const view of views) {
        if (!probe([...pin, ...prefix, ...viewed(view)])) continue;
        measuredPrefix = [...prefix, ...viewed(view)];
        madeView = true;
        if (view.cpuLists) oneCpu = [...cpus];
        entropy = view.entropy;
        privateTmp = view.privateTmp;
        ownProc = view.proc;
        fixedHostname = view.hostname || namedAlready;
        break;
      }
    }
    const setupViewed = viewPrefix(net && !options.setupNetwork, pid, id, { cpuLists: false, entropy: false, privateTmp: true, proc, hostname: false }, kept);
    const setupTmp = !tmpProject && probe([...prefix, ...setupViewed]);
    prefix.push(...setupTmp ? setupViewed : setupIsolate);
    notes.push(
      privateTmp ? `benchmarks get private, empty ${SHARED_TMP_DIRS.join(", ")} (a new directory bound over each, removed after the runs): what another run left there does not reach the count` : `benchmarks share ${SHARED_TMP_DIRS.join(", ")} with every other run (what one leaves there another can read): ${tmpProject ? `the project is ${kept[0]} itself` : madeView ? "a path a run is handed could not be bound back into private ones" : "no mount namespace can be made here"}`
    );
    notes.push(
      setupTmp ? `setup commands get private, empty ${SHARED_TMP_DIRS.join(", ")}: what they leave there is gone when each ends` : `setup commands share ${SHARED_TMP_DIRS.join(", ")} with every other run`
    );
    if (pid)
      notes.push(
        ownProc ? "benchmarks see a /proc of their own pid namespace: only their own processes, none of the machine's" : "benchmarks see cg-bench's /proc (every process it sees, with its command line): the kernel refuses a new one here (a container engine masks parts of its /proc)"
      );
    notes.push(
      fixedHostname ? `benchmarks see the host name ${FIXED_HOSTNAME}, whatever the machine's` : "benchmarks see the machine's host name (its length reaches the count of a program that reads it)"
    );
    notes.push(
      pid ? "benchmarks run in a pid namespace of their own: pids of the machine do not reach the count, and processes left behind end with the benchmark" : "no pid namespace can be created here: the pids a benchmark sees are the machine's (a shell-string benchmark's count depends on the number of digits of its parent's pid)"
    );
    if (!anonymised)
      notes.push(`benchmarks cannot run as uid ${anonymous.uid} in their namespace here: a Python benchmark's count depends on whether cg-bench runs as root`);
    if (options.oneCpu) {
      notes.push(
        oneCpu ? `benchmarks see one CPU: pinned to one of CPUs ${cpus.join(",")} (one per job), and ${CPU_LIST_FILES.join(", ")} read "0"` : "no mount namespace can be created here: benchmarks see the host's CPUs (their number, in the /sys CPU lists and the affinity mask, reaches the count; it is recorded)"
      );
    }
    notes.push(
      entropy ? `benchmarks read fixed entropy: getrandom fails (ENOSYS), and ${RANDOM_DEVICES.join(" and ")} read the same ${ENTROPY_BYTES} bytes on every run` : "benchmarks read the system's entropy (getrandom, /dev/urandom): a program that seeds itself from it (hash tables, random) counts differently run to run"
    );
    if (net && options.setupNetwork) notes.push("benchmarks have no network; setup commands have the network this process has (setup-network: true)");
    else if (net) notes.push("setup commands and benchmarks have no network (network: true in the configuration allows it)");
    const seal2 = {
      pids: pid ? "own" : "host",
      ids: anonymised ? "anonymous" : "caller",
      network: net || noNetworkAnyway() ? "none" : "host",
      cpus: oneCpu ? "one" : "host",
      entropy: entropy ? "fixed" : "os",
      tmp: privateTmp ? "private" : "shared",
      proc: ownProc ? "own" : "host",
      ipc: "own",
      hostname: fixedHostname ? "fixed" : "host"
    };
    const strays2 = pid ? void 0 : strayOwner(user, uid, options.uidBusy ?? uidBusy, notes);
    const uncontained2 = !pid && !strays2 && !(options.firstProcess ?? process.pid === 1);
    if (options.required) requireSeal(missingSeal(options.required, seal2, uncontained2), env, notes);
    return { user, isolatedNetwork: net, isolatedPids: pid, ...oneCpu ? { oneCpu } : {}, ...strays2 ? { strays: strays2 } : {}, prefix, measuredPrefix, seal: seal2, notes };
  }
  if (!options.network) notes.push("no network namespace can be created here: setup commands and benchmarks keep the network this process has");
  notes.push("no pid namespace can be created here: the pids a benchmark sees are the machine's");
  if (options.oneCpu)
    notes.push(
      "no mount namespace can be created here: benchmarks see the host's CPUs (their number, in the /sys CPU lists and the affinity mask, reaches the count; it is recorded)"
    );
  notes.push(
    "benchmarks read the system's entropy (getrandom, /dev/urandom): a program that seeds itself from it (hash tables, random) counts differently run to run"
  );
  notes.push(`no mount namespace can be created here: setup commands and benchmarks share ${SHARED_TMP_DIRS.join(", ")} with every other run`);
  if (namedAlready) notes.push(`benchmarks see the host name ${FIXED_HOSTNAME}: the machine's is that`);
  const seal = { ...UNSEALED, network: noNetworkAnyway() ? "none" : "host", hostname: namedAlready ? "fixed" : "host" };
  const strays = strayOwner(user, uid, options.uidBusy ?? uidBusy, notes);
  const uncontained = !strays && !(options.firstProcess ?? process.pid === 1);
  if (options.required) requireSeal(missingSeal(options.required, seal, uncontained), env, notes);
  return { user, isolatedNetwork: false, isolatedPids: false, ...strays ? { strays } : {}, prefix, measuredPrefix: [...prefix], seal, notes };
}
function uidBusy(uid) {
  for (const name of readdirSync3("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (statSync4(`/proc/${name}`).uid !== uid) continue;
      const stat = readFileSync3(`/proc/${name}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z") return true;
    } catch {
    }
  }
  return false;
}
function strayOwner(user, ownUid, busy, notes) {
  if (!user || user.uid === 0 || user.uid === ownUid) return void 0;
  if (user.uid === UNTRUSTED_ID) {
    notes.push(
      `uid ${UNTRUSTED_ID} (nobody) is not a uid of its own: without a pid namespace, what setup commands and benchmarks leave running cannot be told from other programs' (CG_BENCH_RUN_AS=uid:gid names one)`
    );
    return void 0;
  }
  if (busy(user.uid)) {
    notes.push(
      `uid ${user.uid} already runs processes here: without a pid namespace, what setup commands and benchmarks leave running cannot be told from them`
    );
    return void 0;
  }
  notes.push(`no pid namespace: every process of uid ${user.uid} is killed after the setup commands and after the benchmarks`);
  return user;
}
function endStrays(sandbox) {
  killStrays(sandbox);
  removePrivateTmp();
}
function removeOrRefuse(path) {
  removeAsOwners([path]);
  try {
    lstatSync7(path);
  } catch {
    return;
  }
  throw sharedPlaceProblem(path, "what is there cannot be removed");
}
function removePrivateTmp() {
  const ended = [];
  for (const dir of SHARED_TMP_DIRS) {
    let names;
    try {
      names = readdirSync3(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const owner = /^\.cg-bench-private-(\d+)\.\d+(?:\.\w+)?$/.exec(name)?.[1];
      if (owner === void 0 || owner !== String(process.pid) && existsSync4(`/proc/${owner}`)) continue;
      ended.push(join10(dir, name));
    }
  }
  removeAsOwners(ended);
}
function killStrays(sandbox) {
  const strays = sandbox.strays;
  if (!strays) return;
  const asStrays = asId(strays);
  for (let round = 0; round < 10 && uidBusy(strays.uid); round++) {
    spawnSync4(asStrays[0], [...asStrays.slice(1), "/bin/sh", "-c", "kill -KILL -1"], { env: ownProgramsEnv(), stdio: "ignore", timeout: PROBE_TIMEOUT_MS2 });
  }
}
function missingSeal(required, seal, uncontained) {
  const missing = [];
  if (uncontained)
    missing.push(
      "no pid namespace can be made here, so a process a setup command or a benchmark starts (setsid and a double fork) can outlive the run, and the code has no uid of its own whose every process cg-bench could kill (as root, CG_BENCH_RUN_AS=uid:gid names one: it must run nothing else)"
    );
  if (required.noNetwork && seal.network !== "none")
    missing.push("benchmarks without network (network: false, or setup-network: true) need a network namespace, which cannot be made here");
  if (required.oneCpu && seal.cpus !== "one") missing.push("one CPU (cpus: one) needs a pid, user and mount namespace, which cannot be made here");
  return missing;
}
function sandboxedCommand(sandbox, argv, codeEnv, measured = false, job = 0, own = [], cwd) {
  const prefix = withKept(
    measured ? sandbox.measuredPrefix : sandbox.prefix,
    own,
    argv.flatMap((arg) => pathsNamed(arg, cwd))
  );
  const cpus = sandbox.oneCpu;
  const pin = measured && cpus?.length ? [ownProgram("taskset"), "--cpu-list", String(cpus[job % cpus.length])] : [];
  const program = argv[0].includes("=") ? ["/bin/sh", "-c", 'exec "$0" "$@"', ...argv] : argv;
  const assignments = Object.entries(codeEnv).map(([name, value]) => `${name}=${value}`);
  const handed = { PWD: cwd ?? codeEnv["PWD"], HOME: codeEnv["HOME"], TMPDIR: codeEnv["TMPDIR"], PATH: codeEnv["PATH"], PYTHONPATH: codeEnv["PYTHONPATH"] };
  const env = ownProgramsEnv();
  for (const [name, value] of Object.entries(handed)) if (value !== void 0) env[`_CGB_${name}`] = value;
  return new Command([...pin, ...prefix, ownProgram("env"), "-i", "--", ...assignments, ...program], env);
}
function pathsNamed(arg, cwd) {
  if (arg.startsWith("-") || !arg.includes("/")) return [];
  if (arg.startsWith("/")) {
    const real2 = realOrGiven(arg);
    return real2 === arg ? [arg] : [arg, real2];
  }
  if (cwd === void 0) return [];
  const path = join10(cwd, arg);
  const real = realOrGiven(path);
  const up = relative2(cwd, path);
  const outside = up === ".." || up.startsWith("../");
  return [...outside ? [path] : [], ...real === path ? [] : [real]];
}
function withKept(prefix, own, handed) {
  const start = prefix.indexOf(HANDED_START);
  const end = prefix.indexOf(KEPT_END);
  if (start < 0 || end < 0) return [...prefix];
  return [...prefix.slice(0, start), ...own, ...prefix.slice(start, end), ...handed, ...prefix.slice(end)];
}
function profileDirectory(sandbox, dir) {
  if (!sandbox.user) return realpathSync8(dir);
  const staging = mkdtempSync(join10(runsDirectory(), "profiles-"));
  chownSync(staging, sandbox.user.uid, sandbox.user.gid);
  return staging;
}
var VALGRIND_FILE = /^(?:(?:cachegrind|callgrind|dhat)\.out\.\d+|valgrind\.\d+\.log)$/;
var COLLECT_LIMITS = { file: MAX_PROFILE_BYTES, total: 4096 * (1 << 20), files: 1e5 };
function collectProfiles(staging, dir, limits = COLLECT_LIMITS) {
  if (staging === realpathSync8(dir)) return [];
  const uncollected = [];
  const owner = lstatSync7(staging).uid;
  const buffer = Buffer.alloc(1 << 20);
  let total = 0;
  let files = 0;
  for (const name of readdirSync3(staging)) {
    if (!VALGRIND_FILE.test(name)) continue;
    let from;
    try {
      from = openSync4(join10(staging, name), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    } catch {
      continue;
    }
    try {
      const stat = fstatSync3(from);
      if (!stat.isFile() || stat.nlink !== 1 || stat.uid !== owner) continue;
      const limit = passedLimit(stat.size, total, files, limits);
      if (limit) {
        uncollected.push({ name, size: stat.size, limit });
        continue;
      }
      files++;
      const to = openSync4(join10(dir, name), "wx");
      try {
        for (let n, left = stat.size; left > 0 && (n = readSync2(from, buffer, 0, Math.min(buffer.length, left), null)) > 0; left -= n)
          writeSync4(to, buffer, 0, n);
      } finally {
        closeSync5(to);
      }
      total += stat.size;
    } finally {
      closeSync5(from);
    }
  }
  removeAsOwners([staging]);
  return uncollected;
}
function passedLimit(size, total, files, limits) {
  if (size > limits.file) return "file";
  if (total + size > limits.total) return "total";
  if (files >= limits.files) return "files";
  return void 0;
}
function shownSize(bytes) {
  return bytes % (1 << 20) === 0 ? `${(bytes / (1 << 20)).toLocaleString("en-US")} MiB` : `${bytes.toLocaleString("en-US")} bytes`;
}
function uncollectedProblem(uncollected, limits = COLLECT_LIMITS) {
  const why = ({ name, size, limit }) => {
    switch (limit) {
      case "file":
        return `${name} is ${shownSize(size)}, above the ${shownSize(limits.file)} cg-bench copies of one file`;
      case "total":
        return `${name} (${shownSize(size)}) would take the run's files past the ${shownSize(limits.total)} cg-bench copies in all`;
      case "files":
        return `${name} is past the ${limits.files.toLocaleString("en-US")} files cg-bench copies of one run`;
    }
  };
  return `Valgrind's output was not collected, so the run has no complete count: ${uncollected.map(why).join("; ")}`;
}
function giveTree(sandbox, tree) {
  if (!sandbox.user) return;
  const { uid, gid } = sandbox.user;
  const walk = (path) => {
    const stat = lstatSync7(path);
    lchownSync(path, uid, gid);
    if (stat.isDirectory()) for (const name of readdirSync3(path)) walk(join10(path, name));
  };
  walk(tree);
}
function giveDirectory(sandbox, dir) {
  if (sandbox.user) chownSync(dir, sandbox.user.uid, sandbox.user.gid);
}
var DIRECTORY_FLAGS = fsConstants.O_RDONLY | fsConstants.O_DIRECTORY | fsConstants.O_NOFOLLOW;
function sharedPlaceProblem(path, what) {
  return new CgBenchError(`${path}: ${what}; cg-bench makes and gives this directory only as its own, never through a link`);
}
function remakeGivenDirectory(sandbox, path, inside2 = []) {
  makeGivenDirectory(sandbox, path, inside2, false);
}
function makeSetupHome(sandbox, path) {
  makeGivenDirectory(sandbox, path, [], sandbox.user === void 0);
}
function makeGivenDirectory(sandbox, path, inside2, keep) {
  if (keep) {
    let fd2;
    try {
      fd2 = openSync4(path, DIRECTORY_FLAGS);
    } catch {
    }
    if (fd2 !== void 0) {
      try {
        if (sandbox.user) fchownSync(fd2, sandbox.user.uid, sandbox.user.gid);
        return;
      } finally {
        closeSync5(fd2);
      }
    }
  }
  removeOrRefuse(path);
  try {
    mkdirSync3(path);
  } catch (error) {
    if (error.code === "EEXIST") throw sharedPlaceProblem(path, "something else was put there while cg-bench made it");
    throw error;
  }
  const fd = openSync4(path, DIRECTORY_FLAGS);
  try {
    if (fstatSync3(fd).uid !== process.getuid?.()) throw sharedPlaceProblem(path, "replaced while cg-bench made it");
    for (const name of inside2) {
      const at = join10(`/proc/self/fd/${fd}`, name);
      mkdirSync3(at);
      const sub = openSync4(at, DIRECTORY_FLAGS);
      try {
        if (sandbox.user) fchownSync(sub, sandbox.user.uid, sandbox.user.gid);
      } finally {
        closeSync5(sub);
      }
    }
    if (sandbox.user) fchownSync(fd, sandbox.user.uid, sandbox.user.gid);
  } finally {
    closeSync5(fd);
  }
}
function sharedHomesDirectory(path) {
  const uid = process.getuid?.();
  const acceptable = (s) => s.isDirectory() && !s.isSymbolicLink() && (s.uid === 0 || s.uid === uid || uid !== 0 && (s.mode & 512) !== 0 && (s.mode & 2) !== 0);
  let stat;
  try {
    stat = lstatSync7(path);
  } catch {
    stat = void 0;
  }
  if (stat && !acceptable(stat)) {
    if (uid !== 0) throw sharedPlaceProblem(path, `${stat.isSymbolicLink() ? "a link" : "not a directory cg-bench can trust"} is there; remove it`);
    removeOrRefuse(path);
    stat = void 0;
  }
  if (!stat) {
    try {
      mkdirSync3(path);
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
  }
  const fd = openSync4(path, DIRECTORY_FLAGS);
  try {
    const held2 = fstatSync3(fd);
    if (!acceptable(held2)) throw sharedPlaceProblem(path, "replaced while cg-bench made it");
    if (held2.uid === uid && (held2.mode & 4095) !== 1023) fchmodSync(fd, 1023);
  } finally {
    closeSync5(fd);
  }
}
function isPlainFile(path) {
  try {
    const stat = lstatSync7(path);
    return stat.isFile() && stat.nlink === 1;
  } catch {
    return false;
  }
}
var SETUP_ENV_NAMES = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LANGUAGE",
  "TZ",
  "TMPDIR",
  "TERM",
  "CC",
  "CXX",
  "CPP",
  "LD",
  "AR",
  "CFLAGS",
  "CXXFLAGS",
  "CPPFLAGS",
  "LDFLAGS",
  "LDLIBS",
  "MAKEFLAGS",
  "PKG_CONFIG_PATH",
  "LIBRARY_PATH",
  "LD_LIBRARY_PATH",
  "C_INCLUDE_PATH",
  "CPLUS_INCLUDE_PATH",
  "CARGO_HOME",
  "RUSTUP_HOME",
  "RUSTUP_TOOLCHAIN",
  "RUSTFLAGS",
  "CARGO_TARGET_DIR",
  "CARGO_BUILD_JOBS",
  "GOPATH",
  "GOROOT",
  "GOCACHE",
  "GOFLAGS",
  "GOTOOLCHAIN",
  "GOPROXY",
  "GOMODCACHE",
  "JAVA_HOME",
  "PYTHONPATH",
  "VIRTUAL_ENV",
  "CONDA_PREFIX",
  "NODE_PATH",
  "CMAKE_GENERATOR",
  "CG_BENCH_IMAGE"
];
var SETUP_ENV_PATTERNS = [/^LC_[A-Z]+$/];
function setupEnvironment(caller, sandbox, home) {
  const extra = (caller["CG_BENCH_SETUP_ENV"] ?? "").split(/[\s,]+/).filter(Boolean);
  const allowed = (name) => SETUP_ENV_NAMES.includes(name) || extra.includes(name) || SETUP_ENV_PATTERNS.some((p) => p.test(name));
  const env = {};
  for (const [name, value] of Object.entries(caller)) if (value !== void 0 && allowed(name)) env[name] = value;
  if (sandbox.user) env["HOME"] = home;
  env["PATH"] ??= "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
  return env;
}

// src/run/leftovers.ts
import { readdirSync as readdirSync4, readFileSync as readFileSync4 } from "node:fs";
function processesWith(marker) {
  const found2 = [];
  for (const name of readdirSync4("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync4(`/proc/${name}/cmdline`, "utf8").includes(marker)) found2.push(Number(name));
    } catch {
    }
  }
  return found2;
}
var sleep = (ms) => new Promise((resolve10) => setTimeout(resolve10, ms));
async function killLeftovers(marker) {
  let killed = 0;
  for (let round = 0; round < 100; round++) {
    const pids = processesWith(marker);
    if (!pids.length) return killed;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
        killed++;
      } catch {
      }
    }
    await sleep(20);
  }
  return killed;
}
async function endLeftovers(run, marker, kill = killLeftovers) {
  if (run.isolatedPids && !run.timedOut) return 0;
  return kill(marker);
}

// src/run/tool-run.ts
async function runUnderTool(run, tool) {
  const dir = join11(run.dir, tool.directory);
  rmSync6(dir, { recursive: true, force: true });
  mkdirSync4(dir, { recursive: true });
  const stderr = join11(dir, "stderr.log");
  const staging = profileDirectory(run.sandbox, dir);
  const outcome2 = await runProcess({
    command: sandboxedCommand(run.sandbox, [run.valgrind.bin, ...tool.args(staging), ...run.argv], run.env, true, run.job, [staging, ...run.own], run.cwd),
    cwd: run.cwd,
    stdout: { file: join11(dir, "stdout.log") },
    stderr: { file: stderr },
    timeoutMs: run.timeoutMs
  });
  await endLeftovers({ isolatedPids: run.sandbox.isolatedPids, timedOut: outcome2.timedOut }, processMarker(staging));
  const uncollected = collectProfiles(staging, dir);
  const why = (what) => {
    const details = logTail(stderr);
    return { problem: `${tool.title}: ${what}${details ? `; last lines of its stderr:
${details}` : ""}` };
  };
  if (outcome2.spawnError) return why(`cannot start ${run.valgrind.bin}: ${outcome2.spawnError}`);
  if (outcome2.timedOut) return why(`timed out after ${run.timeoutMs / 1e3}s`);
  if (outcome2.exitCode !== 0)
    return why(outcome2.signal ? `killed by ${outcome2.signal}` : `exited with status ${outcome2.exitCode} (the Cachegrind run exited with 0)`);
  if (uncollected.length) return why(uncollectedProblem(uncollected));
  const unfinished = unfinishedProcesses(dir, tool.name);
  if (unfinished.length) return why(`left ${unfinished.length} process(es) running when it ended: ${unfinished.map((p) => p.command).join(", ")}`);
  const profiles = [];
  for (const { profile: name } of processFiles(dir, tool.name)) {
    if (!name) continue;
    const file = join11(dir, name);
    if (!isPlainFile(file)) return why(`${name} is not a plain file`);
    try {
      tool.read(readTextBounded(file, tool.profileLimit, `${tool.shown} profile`), name);
    } catch (error) {
      return why(errorMessage(error));
    }
    await gzipAndRemove(file);
    profiles.push(name);
  }
  if (!profiles.length) return why(`${tool.shown} wrote no profile (does this Valgrind have the ${tool.name} tool?)`);
  return { dir, profiles, wallTimeMs: Math.round(outcome2.wallTimeMs) };
}

// src/run/valgrind.ts
import { accessSync, constants as constants4, openSync as openSync5, readSync as readSync3, closeSync as closeSync6 } from "node:fs";
import { delimiter as delimiter2, dirname as dirname8, join as join12 } from "node:path";
function isExecutable(path) {
  try {
    accessSync(path, constants4.X_OK);
    return true;
  } catch {
    return false;
  }
}
function startsWithShebang(path) {
  const fd = openSync5(path, "r");
  try {
    const head2 = Buffer.alloc(2);
    return readSync3(fd, head2, 0, 2, 0) === 2 && head2.toString() === "#!";
  } finally {
    closeSync6(fd);
  }
}
function findOnPath(program, path) {
  for (const dir of (path ?? "").split(delimiter2)) {
    if (!dir) continue;
    const candidate = join12(dir, program);
    if (isExecutable(candidate)) return candidate;
  }
  return void 0;
}
function locateValgrind(env = process.env) {
  const explicit = env["CG_BENCH_VALGRIND"];
  let bin = explicit || findOnPath("valgrind", ownProgramsPath());
  if (!bin) {
    throw new CgBenchError(
      `valgrind not found in ${ownProgramsPath()} (where cg-bench finds the programs it runs itself: never PATH, which may name the checkout); install it (apt-get install valgrind), or set CG_BENCH_VALGRIND to its binary`
    );
  }
  if (!explicit && startsWithShebang(bin)) {
    const real = join12(dirname8(bin), "valgrind.bin");
    if (isExecutable(real)) bin = real;
  }
  const probe = runProcessSync({ argv: [bin, "--tool=cachegrind", "--version"], timeoutMs: 6e4, output: "capture" });
  const match = /valgrind-(\d+)\.(\d+)(\.\d+)?/.exec(probe.stdout);
  if (probe.exitCode !== 0 || !match) {
    throw new CgBenchError(
      `${explicit ? `CG_BENCH_VALGRIND=${explicit}: ` : ""}${bin} --tool=cachegrind --version ${probeFailure(probe)}; ${explicit ? "CG_BENCH_VALGRIND must name the Valgrind binary (or be unset to use valgrind from PATH)" : "is Valgrind installed whole (apt-get install valgrind)? CG_BENCH_VALGRIND can name its binary"}`
    );
  }
  return { bin, version: match[0].replace("valgrind-", ""), major: Number(match[1]), minor: Number(match[2]) };
}
function probeFailure(probe) {
  if (probe.spawnError) return `could not run: ${probe.spawnError}`;
  if (probe.timedOut) return "did not answer within a minute";
  const ended = probe.signal ? `was killed by ${probe.signal}` : probe.exitCode !== 0 ? `exited with status ${probe.exitCode}` : "printed no Valgrind version";
  const said = `${probe.stderr ?? ""}
${probe.stdout ?? ""}`.trim().split("\n").slice(0, 3).join(" / ").slice(0, 300);
  if (!said) return probe.exitCode === 0 && !probe.signal ? "printed nothing" : `${ended} and printed nothing`;
  return `${ended}: ${said}`;
}
function supportsRegionInstrumentation(v) {
  return v.major > 3 || v.major === 3 && v.minor >= 22;
}
function cachegrindArgs(options) {
  return [
    "--tool=cachegrind",
    "--cache-sim=yes",
    "--branch-sim=no",
    `--I1=${options.cache.I1}`,
    `--D1=${options.cache.D1}`,
    `--LL=${options.cache.LL}`,
    "--trace-children=yes",
    // Only these options count (no rc file or VALGRIND_OPTS), and no gdbserver.
    ...SEALED_VALGRIND_OPTIONS,
    // Verbose: each process's log names the files it loaded (executables.ts fingerprints them).
    "-v",
    ...outputFileArgs(options.outDir),
    ...options.instrument === "region" ? ["--instr-at-start=no"] : []
  ];
}
function dhatArgs(outDir) {
  return ["--tool=dhat", "--trace-children=yes", ...SEALED_VALGRIND_OPTIONS, ...outputFileArgs(outDir, "dhat")];
}
var CALLER_DEPTH = 64;
function callgrindArgs(options) {
  return [
    "--tool=callgrind",
    "--cache-sim=yes",
    "--branch-sim=no",
    `--I1=${options.cache.I1}`,
    `--D1=${options.cache.D1}`,
    `--LL=${options.cache.LL}`,
    `--separate-callers=${CALLER_DEPTH}`,
    "--dump-instr=no",
    "--trace-children=yes",
    ...SEALED_VALGRIND_OPTIONS,
    ...outputFileArgs(options.outDir, "callgrind")
  ];
}

// src/run/call-tree.ts
var CALLGRIND_PROFILE_LIMIT = 256 * MiB;
async function measureCallTree(run) {
  const chains = [];
  const ran = await runUnderTool(run, {
    name: "callgrind",
    shown: "Callgrind",
    directory: CALL_TREE_DIRECTORY,
    title: "call-tree run under Callgrind",
    args: (outDir) => callgrindArgs({ cache: run.cache, outDir }),
    profileLimit: CALLGRIND_PROFILE_LIMIT,
    read: (text2, name) => chains.push(...parseCallgrind(text2, name).chains)
  });
  if ("problem" in ran) return ran;
  const tree = callTree(foldChains(chains, run.weights));
  writeNewFile(join13(ran.dir, CALL_TREE_FILE), savedCallTree({ benchmark: run.benchmark, weights: run.weights, tree }));
  return { tree, wallTimeMs: ran.wallTimeMs };
}

// src/run/memory.ts
import { join as join14 } from "node:path";
var DHAT_PROFILE_LIMIT = 256 * MiB;
async function measureMemory(run) {
  const profiles = [];
  const ran = await runUnderTool(run, {
    name: "dhat",
    shown: "DHAT",
    directory: MEMORY_DIRECTORY,
    title: "memory run under DHAT",
    args: dhatArgs,
    profileLimit: DHAT_PROFILE_LIMIT,
    read: (text2, name) => profiles.push(parseDhat(text2, name))
  });
  if ("problem" in ran) return ran;
  const files = ran.profiles.map((name) => join14(run.shownDir, MEMORY_DIRECTORY, `${name}.gz`));
  return { memory: { ...sumHeapFigures(profiles), thresholdPercent: run.thresholdPercent, files, wallTimeMs: ran.wallTimeMs } };
}

// src/util/order.ts
function byCodeUnits(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// src/metric/aggregate.ts
var FUNCTION_SHARE = 1e-3;
var MAX_FUNCTIONS = 500;
var LINE_FUNCTIONS = 10;
var LINES_PER_FUNCTION = 10;
var ALL_FUNCTIONS_LIMIT = 1e5;
var ALL_LINES_LIMIT = 1e3;
function aggregateProfiles(profiles, weights, everyFunction = false) {
  let events = zeroEvents();
  const processes = [];
  const functions = /* @__PURE__ */ new Map();
  for (const { pid, file, profile } of [...profiles].sort((a, b) => a.pid - b.pid)) {
    const processEvents = eventsFromVector(profile.events, profile.totals);
    events = addEvents(events, processEvents);
    processes.push({ pid, cmd: profile.cmd, estimatedCycles: cyclesFromEvents(processEvents, weights), events: processEvents, file });
    for (const f of profile.functions) {
      const key = `${f.file}\0${f.fn}`;
      const fnEvents = eventsFromVector(profile.events, f.costs);
      const entry = functions.get(key);
      if (entry) {
        entry.events = addEvents(entry.events, fnEvents);
        entry.parts.push({ profile, costs: f });
      } else functions.set(key, { fn: f.fn, file: f.file, events: fnEvents, parts: [{ profile, costs: f }] });
    }
  }
  const hits = hitsFromEvents(events);
  const estimatedCycles2 = cyclesFromEvents(events, weights);
  const floor = everyFunction ? 0 : estimatedCycles2 * FUNCTION_SHARE;
  const ranked = [...functions.values()].map((f) => ({ fn: f.fn, file: f.file, estimatedCycles: cyclesFromEvents(f.events, weights), Ir: f.events.Ir })).filter((f) => f.estimatedCycles >= floor && f.estimatedCycles > 0).sort((a, b) => b.estimatedCycles - a.estimatedCycles || byCodeUnits(a.fn, b.fn) || byCodeUnits(a.file, b.file)).slice(0, everyFunction ? ALL_FUNCTIONS_LIMIT : MAX_FUNCTIONS);
  for (const f of everyFunction ? ranked : ranked.slice(0, LINE_FUNCTIONS)) {
    const lines = linesOf(functions.get(`${f.file}\0${f.fn}`).parts, weights, everyFunction ? ALL_LINES_LIMIT : LINES_PER_FUNCTION);
    if (lines.length) f.lines = lines;
  }
  return { estimatedCycles: estimatedCycles2, events, hits, processes, functions: ranked, ...everyFunction ? { allFunctions: true } : {} };
}
function linesOf(parts, weights, limit) {
  const byLine = /* @__PURE__ */ new Map();
  for (const { profile, costs } of parts) {
    for (const { file, line, costs: vector } of functionLines(profile, costs)) {
      const key = `${file}\0${line}`;
      const lineEvents = eventsFromVector(profile.events, vector);
      const entry = byLine.get(key);
      if (entry) entry.events = addEvents(entry.events, lineEvents);
      else byLine.set(key, { file, line, events: lineEvents });
    }
  }
  return [...byLine.values()].map((l) => ({ file: l.file, line: l.line, estimatedCycles: cyclesFromEvents(l.events, weights), Ir: l.events.Ir })).filter((l) => l.estimatedCycles > 0 && l.line > 0).sort((a, b) => b.estimatedCycles - a.estimatedCycles || byCodeUnits(a.file, b.file) || a.line - b.line).slice(0, limit);
}
function unrecordedAtMost(result) {
  if (result.allFunctions) return 0;
  const shareFloor = (result.estimatedCycles ?? 0) * FUNCTION_SHARE;
  const cheapest = result.functions.at(-1)?.estimatedCycles;
  return result.functions.length >= MAX_FUNCTIONS && cheapest !== void 0 ? Math.max(shareFloor, cheapest) : shareFloor;
}

// src/run/line-text.ts
import { isAbsolute as isAbsolute3, relative as relative3, resolve as resolve4, sep as sep2 } from "node:path";
var MAX_FILE = 4 << 20;
var MAX_TEXT = 200;
function readLines(path, root, identity2) {
  const inside2 = relative3(root, path);
  if (inside2.startsWith("..") || isAbsolute3(inside2) || inside2.split(sep2).includes(".git")) return void 0;
  return readAsIdentity(root, inside2, MAX_FILE, identity2)?.toString("utf8").split("\n");
}
function attachLineText(functions, cwd, root, identity2) {
  const cache = /* @__PURE__ */ new Map();
  const linesOf2 = (file) => {
    if (!cache.has(file)) {
      const candidates = isAbsolute3(file) ? [file] : [resolve4(cwd, file), resolve4(root, file)];
      cache.set(
        file,
        candidates.map((c) => readLines(c, root, identity2)).find((l) => l !== void 0)
      );
    }
    return cache.get(file);
  };
  const shown = (file) => {
    const inside2 = isAbsolute3(file) ? relative3(root, file) : void 0;
    return inside2 && !inside2.startsWith("..") && !isAbsolute3(inside2) ? inside2 : file;
  };
  for (const f of functions) {
    f.file = shown(f.file);
    for (const l of f.lines ?? []) {
      const text2 = linesOf2(l.file)?.[l.line - 1]?.trim();
      if (text2)
        l.text = [...text2].slice(0, MAX_TEXT).join("").replace(/[\u0000-\u001f\u007f]/g, " ");
      l.file = shown(l.file);
    }
  }
}

// src/python/attribution.ts
import { existsSync as existsSync5, mkdirSync as mkdirSync5, readdirSync as readdirSync5, readFileSync as readFileSync5, rmSync as rmSync7, writeFileSync as writeFileSync2 } from "node:fs";
import { dirname as dirname9, isAbsolute as isAbsolute4, join as join15, relative as relative4, sep as sep3 } from "node:path";
import { fileURLToPath } from "node:url";

// src/run/environment.ts
var SETUP_HOME = "/tmp/cg-bench-setup-home";
var BASE_ENVIRONMENT = {
  PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
  HOME: SETUP_HOME,
  LANG: "C.UTF-8",
  LC_ALL: "C.UTF-8",
  TZ: "UTC",
  // Python randomises str hashes per process, and writes .pyc files on a first run that a second
  // run then reads: both change the count from one run to the next.
  PYTHONHASHSEED: "0",
  PYTHONDONTWRITEBYTECODE: "1",
  // The user site (~/.local) is per-user state: without this, the same Python benchmark counts
  // differently as root and as another uid, even with nothing installed there.
  PYTHONNOUSERSITE: "1"
};
var INSTRUMENT_VARIABLE = "CG_BENCH_INSTRUMENT";
function benchmarkEnvironment(cwd, userEnv, home, pycachePrefix, instrument) {
  const env = { ...BASE_ENVIRONMENT, HOME: home, TMPDIR: `${home}/tmp` };
  if (pycachePrefix) {
    delete env["PYTHONDONTWRITEBYTECODE"];
    env["PYTHONPYCACHEPREFIX"] = pycachePrefix;
  }
  if (instrument === "region") {
    env[INSTRUMENT_VARIABLE] = "region";
    env["LD_BIND_NOW"] = "1";
  }
  return { ...env, ...userEnv, PWD: cwd };
}
function runsPython(run) {
  if (typeof run === "string") return /(^|[\s/;&|(])python[0-9.]*(\s|$)/.test(run);
  return /^python[0-9.]*$/.test(run[0].split("/").pop() ?? "");
}

// src/python/attribution.ts
var PYTHON_FUNCTION_SHARE = 1e-4;
var MAX_PYTHON_FUNCTIONS = 2e3;
var MAX_COUNTS_BYTES = 64 << 20;
function bytecodeCounterSource() {
  let dir = dirname9(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join15(dir, "python", "cg_bench", "_bytecode.py");
    if (existsSync5(candidate)) return readFileSync5(candidate, "utf8");
    dir = dirname9(dir);
  }
  throw new Error("internal: python/cg_bench/_bytecode.py is not installed beside cg-bench");
}
function isCountsFile(value) {
  if (typeof value !== "object" || value === null) return false;
  const v = value;
  if (v["version"] !== 1 || typeof v["method"] !== "string" || typeof v["python"] !== "string" || !Array.isArray(v["functions"])) return false;
  return v["functions"].every((f) => {
    if (typeof f !== "object" || f === null) return false;
    const r = f;
    return typeof r["module"] === "string" && typeof r["qualname"] === "string" && typeof r["file"] === "string" && Number.isSafeInteger(r["line"]) && Number.isSafeInteger(r["bytecodes"]) && r["bytecodes"] >= 0 && r["line"] >= 0;
  });
}
function shownFile(file, cwd) {
  if (!isAbsolute4(file)) return file;
  const rel = relative4(cwd, file);
  return rel && !rel.startsWith(`..${sep3}`) && rel !== ".." && !isAbsolute4(rel) ? rel : file;
}
function readAttribution(outDir, cwd, scope) {
  let names;
  try {
    names = readdirSync5(outDir).filter((n) => /^bytecode\.\d+\.json$/.test(n)).sort();
  } catch {
    return void 0;
  }
  const methods = /* @__PURE__ */ new Set();
  const versions = /* @__PURE__ */ new Set();
  const byKey = /* @__PURE__ */ new Map();
  for (const name of names) {
    const path = join15(outDir, name);
    if (!isPlainFile(path)) continue;
    let parsed;
    try {
      parsed = JSON.parse(readTextBeneath(outDir, name, MAX_COUNTS_BYTES, "counts file"));
    } catch {
      continue;
    }
    if (!isCountsFile(parsed)) continue;
    methods.add(parsed.method);
    versions.add(parsed.python);
    for (const f of parsed.functions) {
      const fn = `${f.module}:${f.qualname}`;
      const file = shownFile(f.file, cwd);
      const key = `${file}\0${fn}`;
      const entry = byKey.get(key);
      if (entry) {
        entry.bytecodes += f.bytecodes;
        entry.line = Math.min(entry.line, f.line);
      } else byKey.set(key, { fn, file, line: f.line, bytecodes: f.bytecodes });
    }
  }
  if (!methods.size) return void 0;
  const all = [...byKey.values()];
  const bytecodes = all.reduce((sum, f) => sum + f.bytecodes, 0);
  const floor = bytecodes * PYTHON_FUNCTION_SHARE;
  const functions = all.filter((f) => f.bytecodes > 0 && f.bytecodes >= floor).sort((a, b) => b.bytecodes - a.bytecodes || a.fn.localeCompare(b.fn) || a.file.localeCompare(b.file)).slice(0, MAX_PYTHON_FUNCTIONS);
  return { method: [...methods].sort().join(", "), python: [...versions].sort().join(", "), scope, bytecodes, functions };
}
function attributionWanted(env = process.env) {
  return env["CG_BENCH_PYTHON_ATTRIBUTION"] !== "0";
}
async function countingBytecode(options) {
  const root = join15(options.tmpDir, ".cg-bench-bytecode");
  const site = join15(root, "site");
  const out = join15(root, "out");
  rmSync7(root, { recursive: true, force: true });
  mkdirSync5(site, { recursive: true });
  mkdirSync5(out);
  giveDirectory(options.sandbox, out);
  writeFileSync2(join15(site, "sitecustomize.py"), bytecodeCounterSource());
  const inherited = options.env["PYTHONPATH"];
  const { [INSTRUMENT_VARIABLE]: _early, ...measuredEnv } = options.env;
  const env = {
    ...measuredEnv,
    PYTHONPATH: inherited ? `${site}:${inherited}` : site,
    CG_BENCH_BYTECODE_DIR: out,
    CG_BENCH_BYTECODE_SCOPE: options.scope
  };
  try {
    await options.run(env);
    return readAttribution(out, options.cwd, options.scope);
  } finally {
    rmSync7(root, { recursive: true, force: true });
  }
}

// src/run/seal.ts
import { statSync as statSync5 } from "node:fs";
function sealOf(sandbox, python, instrument, cwd, env) {
  return {
    ...sandbox.seal,
    ...python ? { pythonResets: instrument === "region", devices: deviceNumbers(cwd) } : {},
    // glibc binds at start when LD_BIND_NOW is set to a non-empty string.
    ...env["LD_BIND_NOW"] ? { symbols: "now" } : {}
  };
}
function deviceNumbers(cwd) {
  return `/ ${statSync5("/").dev}, cwd ${statSync5(cwd).dev}`;
}
var NO_RESET_NOTICE = "gets no bytecode reset at a region's start";
function resetsAsRun(seal, stderr) {
  if (seal.pythonResets !== true) return seal;
  return readHead(stderr, 256 * 1024)?.includes(NO_RESET_NOTICE) ? { ...seal, pythonResets: false } : seal;
}

// src/run/executables.ts
import { join as join16, relative as relative5, isAbsolute as isAbsolute5 } from "node:path";
var MAX_EXECUTABLE = 4 * 1024 * 1024 * 1024;
var hashes = /* @__PURE__ */ new Map();
function inside(dir, path) {
  const rel = relative5(dir, path);
  return rel === "" || !rel.startsWith("..") && !isAbsolute5(rel);
}
function executablesOf(logDir, workspace, identity2) {
  const found2 = /* @__PURE__ */ new Map();
  for (const p of processFiles(logDir)) {
    if (!p.log) continue;
    const text2 = readHead(join16(logDir, p.log), LOG_OBJECTS);
    if (text2 === void 0) continue;
    loadedObjects(text2).forEach((path, i) => {
      if (inside(workspace, path)) return;
      const sha256 = hashAsIdentity(path, MAX_EXECUTABLE, identity2, hashes);
      if (!sha256) return;
      const known = found2.get(path);
      if (known) known.main ||= i === 0;
      else found2.set(path, { path, sha256, main: i === 0 });
    });
  }
  return [...found2.values()].sort((a, b) => byCodeUnits(a.path, b.path));
}

// src/run/private-home.ts
import { createHash as createHash7 } from "node:crypto";
import { join as join17 } from "node:path";

// src/util/pid-lock.ts
import { randomBytes } from "node:crypto";
import { linkSync, lstatSync as lstatSync8, readFileSync as readFileSync6, renameSync as renameSync3, rmSync as rmSync8, statSync as statSync6, writeFileSync as writeFileSync3 } from "node:fs";
function startTime(pid) {
  try {
    const stat = readFileSync6(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? "";
  } catch {
    return "";
  }
}
function bootId() {
  try {
    return readFileSync6("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
}
function identity(pid) {
  return `${bootId()}/${startTime(pid)}`;
}
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}
function holderAlive(holder) {
  return holder.started !== "" && processAlive(holder.pid) && holder.started === identity(holder.pid);
}
var LOCK_LIMIT = 4096;
function ownerOf(pid) {
  try {
    return statSync6(`/proc/${pid}`).uid;
  } catch {
    return void 0;
  }
}
function parseHolder(text2) {
  const [pidText = "", started = ""] = text2.trim().split(/\s+/);
  const pid = Number(pidText);
  return Number.isInteger(pid) && pid > 0 ? { pid, started } : void 0;
}
var held = /* @__PURE__ */ new Set();
var releaseOnExit = false;
function remember(path) {
  held.add(path);
  if (releaseOnExit) return;
  releaseOnExit = true;
  process.on("exit", () => {
    for (const lock of held) rmSync8(lock, { force: true });
  });
}
function unlock(path) {
  held.delete(path);
  rmSync8(path, { force: true });
}
function publish(path) {
  const text2 = `${process.pid} ${identity(process.pid)}
`;
  const draft = `${path}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync3(draft, text2, { flag: "wx" });
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    const code = error.code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP") throw error;
    return exclusiveWrite(path, text2);
  } finally {
    rmSync8(draft, { force: true });
  }
}
function exclusiveWrite(path, text2) {
  try {
    writeFileSync3(path, text2, { flag: "wx" });
    return true;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    return false;
  }
}
function removeStale(path, seen) {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync3(path, aside);
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT") return;
    throw new CgBenchError(`${path}: a stale lock cg-bench cannot remove (${code ?? String(error)}); remove it`);
  }
  try {
    const moved = readLock(aside);
    if (typeof moved === "string" && moved !== seen) linkSync(aside, path);
  } catch {
  } finally {
    try {
      rmSync8(aside, { force: true });
    } catch {
    }
  }
}
var CHANGED = /* @__PURE__ */ Symbol("changed");
function readLock(path) {
  try {
    return readTextBounded(path, LOCK_LIMIT, "lock file");
  } catch (error) {
    if (error instanceof CgBenchError) return CHANGED;
    return error.code === "ENOENT" ? CHANGED : void 0;
  }
}
async function waitForLock(path) {
  while (tryLock(path) !== void 0) await new Promise((resolve10) => setTimeout(resolve10, 200));
}
function tryLock(path) {
  for (; ; ) {
    if (publish(path)) {
      remember(path);
      return void 0;
    }
    let stat;
    try {
      stat = lstatSync8(path);
    } catch {
      continue;
    }
    if (!stat.isFile() || stat.size > LOCK_LIMIT) {
      removeStale(path, void 0);
      continue;
    }
    const text2 = readLock(path);
    if (text2 === CHANGED) continue;
    const holder = text2 === void 0 ? void 0 : parseHolder(text2);
    if (holder !== void 0 && holder.pid !== process.pid && holderAlive(holder) && ownerOf(holder.pid) === stat.uid) return holder.pid;
    removeStale(path, text2);
  }
}

// src/run/private-home.ts
function homeFor(benchmarkName) {
  return join17(HOMES_DIR, createHash7("sha256").update(benchmarkName).digest("hex").slice(0, 16));
}
async function withPrivateHome(benchmarkName, sandbox, measure2) {
  sharedHomesDirectory(HOMES_DIR);
  const home = homeFor(benchmarkName);
  const lock = `${home}.lock`;
  await waitForLock(lock);
  try {
    removeAsOwners([home]);
    remakeGivenDirectory(sandbox, home, ["tmp"]);
    return await measure2(home);
  } finally {
    await removeAsOwnersAsync([home]);
    unlock(lock);
  }
}

// src/run/benchmark.ts
function statusHint(code) {
  if (code === 127) return " (command not found?)";
  const signal = code !== null && code > 128 ? Object.entries(constants5.signals).find(([, n]) => n === code - 128)?.[0] : void 0;
  return signal ? ` (a process was killed by ${signal}?)` : "";
}
function programProblem(program, cwd, path) {
  const located2 = program.includes("/") ? resolve5(cwd, program) : findOnPath(program, path);
  if (!located2) return `command not found: ${program} (the benchmark's PATH is ${path})`;
  try {
    if (!statSync7(located2).isFile()) return `not a file: ${program}`;
    accessSync2(located2, fsConstants2.X_OK);
  } catch (error) {
    const code = error.code;
    return code === "ENOENT" ? `command not found: ${program} (no such file in ${cwd})` : `cannot execute ${program}: ${code}`;
  }
  return void 0;
}
async function runBenchmark(spec, slug, ctx, job = 0) {
  const dir = join18(ctx.benchmarksDir, slug);
  rmSync9(dir, { recursive: true, force: true });
  mkdirSync6(dir);
  return withPrivateHome(spec.name, ctx.sandbox, (home) => measureIn(home, spec, slug, ctx, job));
}
async function measureIn(home, spec, slug, ctx, job) {
  const dir = join18(ctx.benchmarksDir, slug);
  const rel = (p) => join18("benchmarks", slug, relative6(dir, p));
  const log = (name) => ({ file: join18(dir, name), real: join18(ctx.realOutDir, "benchmarks", slug, name) });
  const stdout = join18(dir, "stdout.log");
  const stderr = join18(dir, "stderr.log");
  const python = runsPython(spec.run);
  const env = benchmarkEnvironment(spec.cwd, spec.env, home, python ? join18(home, "pycache") : void 0, spec.instrument);
  const base = {
    name: spec.name,
    command: spec.run,
    cwd: relative6(ctx.root, spec.cwd) || ".",
    instrument: spec.instrument,
    thresholdPercent: spec.thresholdPercent,
    status: "failed",
    exitCode: null,
    signal: null,
    wallTimeMs: 0,
    estimatedCycles: null,
    events: null,
    hits: null,
    processes: [],
    functions: [],
    logs: { stdout: rel(stdout), stderr: rel(stderr) },
    seal: sealOf(ctx.sandbox, python, spec.instrument, spec.cwd, env)
  };
  const argv = typeof spec.run === "string" ? ["/bin/sh", "-c", spec.run] : spec.run;
  const problem = programProblem(argv[0], spec.cwd, env["PATH"]);
  if (problem) return { ...base, message: problem };
  const own = [home, ctx.valgrind.bin];
  const nativeWith = (codeEnv) => ({
    command: sandboxedCommand(ctx.sandbox, argv, codeEnv, true, job, own, spec.cwd),
    cwd: spec.cwd,
    timeoutMs: spec.timeoutMs
  });
  if (python) {
    await runProcess({ ...nativeWith(env), stdout: log("warm-up.stdout.log"), stderr: log("warm-up.stderr.log") });
  }
  const profiles = profileDirectory(ctx.sandbox, dir);
  const outcome2 = await runProcess({
    command: sandboxedCommand(
      ctx.sandbox,
      [ctx.valgrind.bin, ...cachegrindArgs({ cache: ctx.cache, instrument: spec.instrument, outDir: profiles }), ...argv],
      env,
      true,
      job,
      // Valgrind writes there: bound back into the run's private /tmp.
      [profiles, ...own],
      spec.cwd
    ),
    cwd: spec.cwd,
    stdout: log("stdout.log"),
    stderr: log("stderr.log"),
    timeoutMs: spec.timeoutMs
  });
  const killed = await endLeftovers({ isolatedPids: ctx.sandbox.isolatedPids, timedOut: outcome2.timedOut }, processMarker(profiles));
  const uncollected = collectProfiles(profiles, dir);
  const unfinished = unfinishedProcesses(dir);
  const signal = outcome2.signal ?? (ctx.sandbox.isolatedPids && (outcome2.exitCode ?? 0) > 128 ? terminatingSignal(dir, BENCHMARK_PID_IN_NAMESPACE) : null);
  const result = {
    ...base,
    seal: resetsAsRun(base.seal, stderr),
    exitCode: signal ? null : outcome2.exitCode,
    signal,
    wallTimeMs: Math.round(outcome2.wallTimeMs)
  };
  if (outcome2.spawnError) return { ...result, message: `cannot start ${ctx.valgrind.bin}: ${outcome2.spawnError}` };
  if (outcome2.timedOut) {
    return { ...result, status: "timeout", message: `timed out after ${spec.timeoutMs / 1e3}s (set "timeout" on the benchmark to allow longer)` };
  }
  const parsed = [];
  let parseProblem;
  for (const { pid, profile: name } of processFiles(dir)) {
    if (!name) continue;
    const file = join18(dir, name);
    if (!isPlainFile(file)) {
      parseProblem ??= `${name} is not a plain file`;
      rmSync9(file, { force: true });
      continue;
    }
    const parser = boundedParser(file);
    const refused = await gzipAndRemove(file, (chunk) => parser.push(chunk));
    try {
      if (refused) throw refused.problem;
      parsed.push({ pid, file: rel(`${file}.gz`), profile: parser.finish() });
    } catch (error) {
      parseProblem ??= errorMessage(error);
    }
  }
  const failed = result.exitCode !== 0;
  if (!failed && uncollected.length) return { ...result, message: `benchmark ${spec.name}: ${uncollectedProblem(uncollected)}` };
  if (!failed && unfinished.length) {
    const names = unfinished.map((p) => `  ${p.command} (pid ${p.pid})`).join("\n");
    return {
      ...result,
      message: `left ${unfinished.length} process(es) running when it ended (${killed ? "cg-bench killed them" : "they were killed"}); their work is not counted. A benchmark must wait for every process it starts:
${names}`
    };
  }
  if (failed || parseProblem || parsed.length === 0) {
    const valgrindLog = readdirSync6(dir).filter((n) => n.startsWith("valgrind.") && isPlainFile(join18(dir, n))).sort()[0];
    const why = result.signal ? `killed by ${result.signal}` : failed ? `exited with status ${result.exitCode}${statusHint(result.exitCode)}` : parseProblem ?? "Cachegrind wrote no output";
    const stderrTail = logTail(stderr);
    const logTailText = stderrTail || !valgrindLog ? "" : logTail(join18(dir, valgrindLog));
    const details = stderrTail ? `last lines of stderr:
${stderrTail}` : logTailText ? `last lines of Valgrind's log:
${logTailText}` : "";
    return { ...result, message: details ? `${why}; ${details}` : why };
  }
  const heap = spec.memory ? await measureMemory({
    valgrind: ctx.valgrind,
    sandbox: ctx.sandbox,
    argv,
    cwd: spec.cwd,
    env,
    own,
    timeoutMs: spec.timeoutMs,
    dir,
    shownDir: join18("benchmarks", slug),
    job,
    thresholdPercent: spec.memoryThresholdPercent
  }) : void 0;
  if (heap && "problem" in heap) return { ...result, message: heap.problem };
  if (ctx.callTree) {
    const tree = await measureCallTree({
      valgrind: ctx.valgrind,
      sandbox: ctx.sandbox,
      cache: ctx.cache,
      weights: ctx.weights,
      benchmark: spec.name,
      argv,
      cwd: spec.cwd,
      env,
      own,
      timeoutMs: spec.timeoutMs,
      dir,
      job
    });
    if ("problem" in tree) return { ...result, message: tree.problem };
  }
  const pythonAttribution = python && attributionWanted() ? await countingBytecode({
    tmpDir: env["TMPDIR"],
    cwd: spec.cwd,
    env,
    scope: spec.instrument,
    sandbox: ctx.sandbox,
    run: (counting) => runProcess({ ...nativeWith(counting), stdout: log("bytecode.stdout.log"), stderr: log("bytecode.stderr.log") })
  }) : void 0;
  const cost = aggregateProfiles(parsed, ctx.weights, ctx.everyFunction);
  attachLineText(cost.functions, spec.cwd, ctx.root, ctx.sandbox.user);
  return {
    ...result,
    status: "ok",
    ...cost,
    executables: executablesOf(dir, ctx.root, ctx.sandbox.user),
    ...heap ? { memory: heap.memory } : {},
    ...pythonAttribution ? { python: pythonAttribution } : {}
  };
}

// src/run/handed-paths.ts
function refuseHandedPaths(specs) {
  for (const spec of specs) {
    const named = [
      ...Object.entries(HANDED_VARIABLES).flatMap(([variable, list]) => {
        const value = spec.env[variable];
        if (value === void 0) return [];
        return (list ? value.split(":") : [value]).map((path) => [`env: ${variable}`, path]);
      }),
      ...typeof spec.run === "string" ? [] : spec.run.filter((arg) => arg.startsWith("/")).map((arg) => ["run", arg])
    ];
    const cwd = handedPathProblem(spec.cwd, true);
    if (cwd) throw new CgBenchError(`benchmark "${spec.name}": cwd: ${spec.cwd} ${cwd}`);
    for (const [field, path] of named) {
      const problem = handedPathProblem(path);
      if (problem) throw new CgBenchError(`benchmark "${spec.name}": ${field}: ${path} ${problem}`);
    }
  }
}

// src/run/setup.ts
import { closeSync as closeSync7, constants as constants6, fstatSync as fstatSync4, openSync as openSync6, writeSync as writeSync5 } from "node:fs";

// src/util/paths.ts
import { isAbsolute as isAbsolute6, relative as relative7, resolve as resolve6, sep as sep4 } from "node:path";
function resolveFrom(base, path) {
  return resolve6(base, path);
}
function callerDirectory() {
  return process.cwd();
}
function absolutePath(path, what) {
  if (!isAbsolute6(path)) throw new Error(`internal: ${what} "${path}" is not an absolute path; an entry point should have resolved it`);
  return resolve6(path);
}
function shownPath(path, from = callerDirectory()) {
  const rel = relative7(from, path);
  if (rel === "") return ".";
  return rel === ".." || rel.startsWith(`..${sep4}`) || isAbsolute6(rel) ? path : rel;
}

// src/run/setup.ts
function openLog(path, openedAt = path) {
  const replaced2 = (what) => new CgBenchError(
    `${shownPath(path)}: replaced by ${what} while the setup commands ran; cg-bench never writes through a link or into anything but a plain file`,
    ExitCode.benchmarkFailed
  );
  let fd;
  try {
    fd = openSync6(openedAt, constants6.O_WRONLY | constants6.O_APPEND | constants6.O_CREAT | constants6.O_NOFOLLOW | constants6.O_NONBLOCK, 420);
  } catch (error) {
    const code = error.code;
    if (code === "ELOOP") throw replaced2("a symbolic link");
    if (code === "ENXIO" || code === "EISDIR") throw replaced2("something else");
    throw error;
  }
  if (!fstatSync4(fd).isFile()) {
    closeSync7(fd);
    throw replaced2("something else");
  }
  return fd;
}
function appendSetupLog(text2, path, openedAt = path) {
  const fd = openLog(path, openedAt);
  try {
    writeSync5(fd, text2);
  } finally {
    closeSync7(fd);
  }
}
function describeCommand(command) {
  return typeof command === "string" ? command : command.map((a) => /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
}
async function runOne(command, fd, env, options) {
  const argv = typeof command === "string" ? ["/bin/sh", "-c", command] : command;
  const sandboxed = sandboxedCommand(options.sandbox ?? NO_SANDBOX, argv, env, false, 0, [], options.cwd);
  const outcome2 = await runProcess({ command: sandboxed, cwd: options.cwd, stdout: { fd }, stderr: { fd }, timeoutMs: options.timeoutMs });
  if (outcome2.spawnError) return outcome2.spawnError;
  if (outcome2.timedOut) return `timed out after ${formatDuration(options.timeoutMs)}; set "setup-timeout" in cg-bench.yml to allow longer`;
  return outcome2.exitCode === 0 ? void 0 : outcome2.signal ? `killed by ${outcome2.signal}` : `exited with status ${outcome2.exitCode}`;
}
async function runSetup(commands, options) {
  if (!commands.length) return;
  const lock = `${SETUP_HOME}.lock`;
  await waitForLock(lock);
  try {
    const sandbox = options.sandbox ?? NO_SANDBOX;
    makeSetupHome(sandbox, SETUP_HOME);
    await runCommands(commands, setupEnvironment(process.env, sandbox, SETUP_HOME), options);
  } finally {
    unlock(lock);
  }
}
async function runCommands(commands, env, options) {
  for (const command of commands) {
    options.progress.setup(describeCommand(command));
    const fd = openLog(options.logFile, options.logOpenedAt);
    writeSync5(fd, `$ ${describeCommand(command)}
`);
    let status;
    try {
      status = await runOne(command, fd, env, options);
    } finally {
      closeSync7(fd);
    }
    if (status) {
      const tail2 = logTail(options.logOpenedAt ?? options.logFile);
      throw new CgBenchError(
        `setup command failed (${status}): ${describeCommand(command)}
last lines of ${shownPath(options.logFile)}:
${tail2}`,
        ExitCode.benchmarkFailed
      );
    }
  }
}

// src/shard/plan.ts
var MAX_SHARDS = 1024;
function parseShard(text2, what = "--shard") {
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(text2.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    throw new CgBenchError(
      `${what}: ${JSON.stringify(text2)} must be I/N, this machine's part I of N parts, in digits with 1 \u2264 I \u2264 N \u2264 ${MAX_SHARDS} (e.g. 2/3)`
    );
  }
  return { index, count };
}
function partition(names, durationsMs, count) {
  const known = names.map((n) => durationsMs.get(n)).filter((d) => d !== void 0 && Number.isFinite(d) && d >= 0).sort((a, b) => a - b);
  const median3 = known.length ? known[Math.floor((known.length - 1) / 2)] : 1;
  const duration = (name) => {
    const d = durationsMs.get(name);
    return d !== void 0 && Number.isFinite(d) && d >= 0 ? d : median3;
  };
  const order = names.map((name, i) => ({ i, d: duration(name) })).sort((a, b) => b.d - a.d || a.i - b.i);
  const load = new Array(count).fill(0);
  const part = new Array(names.length).fill(0);
  for (const { i, d } of order) {
    let best = 0;
    for (let p = 1; p < count; p++) if (load[p] < load[best]) best = p;
    part[i] = best;
    load[best] += d;
  }
  return part;
}
function namesInShard(names, durationsMs, shard) {
  const part = partition(names, durationsMs, shard.count);
  return names.filter((_, i) => part[i] === shard.index - 1);
}

// src/run/suite.ts
function nameMatcher(pattern) {
  if (!/[*?]/.test(pattern)) return (name) => name.includes(pattern);
  const p = [...pattern];
  return (nameText) => {
    const n = [...nameText];
    let pi = 0;
    let ni = 0;
    let star = -1;
    let mark = 0;
    while (ni < n.length) {
      if (pi < p.length && (p[pi] === "?" || p[pi] !== "*" && p[pi] === n[ni])) {
        pi++;
        ni++;
      } else if (pi < p.length && p[pi] === "*") {
        star = pi++;
        mark = ni;
      } else if (star >= 0) {
        pi = star + 1;
        ni = ++mark;
      } else return false;
    }
    while (pi < p.length && p[pi] === "*") pi++;
    return pi === p.length;
  };
}
function ensureWritableDir(dir) {
  try {
    mkdirSync7(dir, { recursive: true });
    accessSync3(dir, constants7.W_OK);
    const probe = join19(dir, `.write-test-${process.pid}`);
    writeFileSync4(probe, "");
    rmSync10(probe, { force: true });
  } catch (error) {
    const code = error.code ?? String(error);
    throw new CgBenchError(`output directory ${shownPath(dir)} is not writable (${code}); pass --out DIR`);
  }
}
async function pool(items, jobs, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async (_, job) => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], job);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  return results;
}
function selectBenchmarks(config, filter) {
  const all = config.benchmarks.map((spec, i) => ({ spec, slug: slugify(spec.name, i) })).filter(({ spec }) => spec.mode === "cachegrind");
  if (!filter) return all;
  const matches = nameMatcher(filter);
  const chosen = all.filter(({ spec }) => matches(spec.name));
  if (!chosen.length) {
    throw new CgBenchError(`no benchmark matches --filter ${JSON.stringify(filter)}; the benchmarks are: ${config.benchmarks.map((b) => b.name).join(", ")}`);
  }
  return chosen;
}
function shardOf(selected, selection) {
  const suite = selected.map(({ spec }) => spec.name);
  if (!selection) return { mine: selected, suite };
  const names = new Set(namesInShard(suite, selection.durationsMs, selection.shard));
  return { mine: selected.filter(({ spec }) => names.has(spec.name)), suite };
}
async function runSuite(config, options) {
  let results;
  try {
    results = await runSuiteOnce(config, options, true);
  } catch (error) {
    if (!(error instanceof CgBenchError) || sandboxProbesStillWork()) throw error;
    options.progress.again(
      `cg-bench: ${STALE_PROBE}, and the run stopped in the sandbox made with it (${escapeTerminal(headline(error.message))}): probed again, setting up and measuring again`
    );
    results = await runSuiteOnce(config, options, false);
  }
  options.progress.close();
  return results;
}
var STALE_PROBE = "a sandbox probe kept for this machine no longer works here";
async function measureAll(selected, ctx, options, keptProbes) {
  let started = 0;
  let checked = !keptProbes;
  let stale = false;
  const results = await pool([...selected], options.jobs, async ({ spec, slug }, job) => {
    if (stale) return void 0;
    options.progress.start(spec.name, started++, selected.length, options.previousWallTimesMs?.get(spec.name));
    const result = await runBenchmark(spec, slug, ctx, job);
    if (result.status !== "ok" && !checked && !stale) {
      checked = true;
      stale = !sandboxProbesStillWork();
      if (stale)
        options.progress.again(
          `cg-bench: ${STALE_PROBE} (benchmark "${escapeTerminal(spec.name)}" failed in the sandbox made with it): probed again, measuring the benchmarks again (the setup commands' work stands)`
        );
    }
    if (!stale) options.progress.finish(result);
    return result;
  });
  return stale ? void 0 : results.filter((result) => result !== void 0);
}
async function runSuiteOnce(config, options, keptProbes) {
  absolutePath(options.outDir, "output directory");
  absolutePath(config.root, "configuration directory");
  ensureWritableDir(options.outDir);
  const realOutDir = realPathBeforeRuns(options.outDir);
  const { mine: selected, suite } = shardOf(selectBenchmarks(config, options.filter), options.shard);
  const valgrind = options.valgrind ?? locateValgrind();
  const region = selected.find(({ spec }) => spec.instrument === "region");
  if (region && !supportsRegionInstrumentation(valgrind)) {
    throw new CgBenchError(
      `benchmark "${region.spec.name}": instrument: region needs Valgrind 3.22 or newer (found ${valgrind.version} at ${valgrind.bin}); use the cg-bench image or instrument: whole`
    );
  }
  refuseHandedPaths(selected.map(({ spec }) => spec));
  for (const name of ["results.json", "report.md", "comparison.json"]) rmSync10(resolveFrom(options.outDir, name), { force: true });
  let sandbox = sandboxFor(config, true, keptProbes);
  const heldOut = holdDirectory(options.outDir, realOutDir);
  let benchmarksDir;
  let benchmarks;
  let environment;
  try {
    benchmarksDir = holdOwnDirectory(join19(heldOut.path, "benchmarks"), join19(realOutDir, "benchmarks"));
    const setupLog = resolveFrom(options.outDir, "setup.log");
    writeNewFile(join19(heldOut.path, "setup.log"), sandbox.notes.map((n) => `# ${n}
`).join(""), join19(realOutDir, "setup.log"));
    for (const note of sandbox.notes) if (note.startsWith("warning:")) process.stderr.write(`cg-bench: ${note}
`);
    if (selected.length)
      await runSetup(config.setup, {
        cwd: config.root,
        logFile: setupLog,
        logOpenedAt: join19(heldOut.path, "setup.log"),
        timeoutMs: config.setupTimeoutMs,
        progress: options.progress,
        sandbox
      }).finally(() => endStrays(sandbox));
    environment = collectEnvironment(valgrind, config.root, config.cache, config.weights, cpuView(sandbox));
    let ctx = {
      valgrind,
      cache: config.cache,
      weights: config.weights,
      root: config.root,
      outDir: options.outDir,
      realOutDir,
      benchmarksDir: benchmarksDir.path,
      sandbox,
      everyFunction: options.everyFunction === true,
      callTree: options.callTree === true
    };
    let measured = await measureAll(selected, ctx, options, keptProbes);
    if (measured === void 0) {
      endStrays(sandbox);
      environment.catch(() => void 0);
      const before = sandbox.notes;
      sandbox = sandboxFor(config, true, false);
      for (const note of sandbox.notes) if (note.startsWith("warning:") && !before.includes(note)) process.stderr.write(`cg-bench: ${note}
`);
      appendSetupLog(
        `# ${STALE_PROBE}: the benchmarks were measured again, in a sandbox probed anew:
${sandbox.notes.map((n) => `# ${n}
`).join("")}`,
        setupLog,
        join19(heldOut.path, "setup.log")
      );
      environment = collectEnvironment(valgrind, config.root, config.cache, config.weights, cpuView(sandbox));
      ctx = { ...ctx, sandbox };
      measured = await measureAll(selected, ctx, options, false);
    }
    benchmarks = measured;
  } finally {
    endStrays(sandbox);
    benchmarksDir?.release();
    heldOut.release();
  }
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: "cg-bench",
    createdAt: (/* @__PURE__ */ new Date()).toISOString(),
    configHash: config.hash,
    environment: await environment,
    benchmarks,
    ...options.shard ? { shard: { index: options.shard.shard.index, count: options.shard.shard.count, benchmarks: suite } } : {}
  };
}
function sandboxFor(config, measuring = false, keptProbes = false) {
  const required = measuring ? config.sealRequired : void 0;
  return untrustedSandbox({
    keptProbes,
    root: config.root,
    network: config.network,
    setupNetwork: config.setupNetwork ?? false,
    oneCpu: config.cpus === "one",
    ...required ? { required } : {}
  });
}
function cpuView(sandbox) {
  return sandbox.oneCpu ? ONE_CPU_VIEW : void 0;
}

// src/engine/check.ts
function differingEvents(a, b) {
  const events = a.events && b.events ? EVENT_NAMES.filter((n) => a.events[n] !== b.events[n]) : [];
  const heap = a.memory && b.memory ? HEAP_FIGURES.filter((f) => a.memory[f] !== b.memory[f]).map((f) => `memory.${f}`) : [];
  return [...events, ...heap];
}
function notRepeating(first, second) {
  const again = new Map(second.benchmarks.map((b) => [b.name, b]));
  return first.benchmarks.filter((a) => {
    const b = again.get(a.name);
    return b !== void 0 && differingEvents(a, b).length > 0;
  }).map((a) => a.name);
}

// src/report/function-change.ts
function functionSideText(change, side) {
  const value = change[side];
  if (value !== null) return formatCount(value);
  return change.unrecordedAtMost === 0 ? "\u2013" : `\u2264 ${formatCount(change.unrecordedAtMost ?? 0)} (not recorded)`;
}
function functionChangeText(change) {
  if (change.base !== null && change.head !== null || change.unrecordedAtMost === 0) return formatSigned(change.change);
  return `${change.change > 0 ? "\u2265 " : "\u2264 "}${formatSigned(change.change)}`;
}
function inclusiveSidesText(change) {
  return change.inclusive ? `${formatCount(change.inclusive.base)} \u2192 ${formatCount(change.inclusive.head)}` : "";
}
function inclusiveChangeText(change) {
  return change.inclusive ? formatSigned(change.inclusive.head - change.inclusive.base) : "";
}
function functionLabel(change) {
  return change.file && change.file !== "???" ? `${change.fn} (${change.file})` : change.fn;
}
function lineLabel(change) {
  const moved = change.baseLine !== null && change.head !== null && change.baseLine !== change.line ? ` (was ${change.baseLine})` : "";
  return `${change.file}:${change.line}${moved}`;
}
function lineSideText(change, side) {
  const value = change[side];
  return value !== null ? formatCount(value) : "\u2013";
}
function lineChangeText(change) {
  if (change.base !== null && change.head !== null) return formatSigned(change.change);
  return `${change.change > 0 ? "\u2265 " : "\u2264 "}${formatSigned(change.change)}`;
}
function otherFunctionsLabel(other) {
  const below = `under ${FUNCTION_SHARE * 100}% each, not recorded`;
  if (!other.unrecorded) return `other functions (${formatCount(other.count)})`;
  return other.count ? `other functions (${formatCount(other.count)}, and more ${below})` : `other functions (all ${below})`;
}
function otherFunctionsSideText(other, side) {
  const value = other[side];
  return value !== null ? formatCount(value) : "\u2013";
}

// src/report/headline.ts
var NOUNS = {
  regression: ["regression", "regressions"],
  improvement: ["improvement", "improvements"],
  unchanged: ["unchanged", "unchanged"],
  new: ["new", "new"],
  removed: ["removed", "removed"],
  failed: ["failed", "failed"],
  "not-comparable": ["not comparable", "not comparable"]
};
function countPhrase(verdict, n) {
  const [one, many] = NOUNS[verdict];
  return `${n} ${n === 1 ? one : many}`;
}
function timedPhrase(head2) {
  const timed = head2.timed ?? [];
  if (!timed.length) return "";
  const count = (v) => timed.filter((t) => t.verdict === v).length;
  const parts = [
    ...count("regression") ? [countPhrase("regression", count("regression"))] : [],
    ...count("improvement") ? [countPhrase("improvement", count("improvement"))] : [],
    ...count("no significant change") ? [`${count("no significant change")} no significant change`] : [],
    ...count("inconclusive") ? [`${count("inconclusive")} inconclusive`] : []
  ];
  return `; timed: ${parts.join(", ")}`;
}
function headline2(head2, comparison) {
  return simulatedPhrase(head2, comparison) + timedPhrase(head2);
}
function simulatedPhrase(head2, comparison) {
  const failed = head2.benchmarks.filter((b) => b.status !== "ok").length;
  if (!comparison) {
    const ok = head2.benchmarks.length - failed;
    return `${ok} benchmark${ok === 1 ? "" : "s"} measured${failed ? `, ${failed} failed` : ""}`;
  }
  if (!comparison.comparable) return `not comparable with the baseline (${comparison.differences.join("; ")})`;
  const order = ["regression", "failed", "not-comparable", "improvement", "new", "removed", "unchanged"];
  const parts = order.filter((v) => comparison.counts[v] > 0).map((v) => countPhrase(v, comparison.counts[v]));
  return parts.join(", ") || "no benchmarks";
}
var VERDICT_LABEL = {
  regression: "regression",
  improvement: "improvement",
  unchanged: "unchanged",
  new: "new",
  removed: "removed",
  failed: "FAILED",
  "not-comparable": "not comparable"
};
var NAMED_REGRESSIONS = 5;
function namesInBrief(names, shown = NAMED_REGRESSIONS) {
  if (names.length <= shown) return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0] ?? "";
  return `${names.slice(0, shown).join(", ")} and ${names.length - shown} more`;
}
function regressedMessage(outcome2) {
  const names = outcome2.names.length ? `: ${namesInBrief(outcome2.names)}` : "";
  return `${outcome2.count} benchmark${outcome2.count === 1 ? "" : "s"} regressed beyond the threshold${names}`;
}
function regressedNames(head2, comparison) {
  return [
    ...comparison?.comparable ? comparison.benchmarks.filter((b) => b.verdict === "regression").map((b) => b.name) : [],
    ...head2.timed?.filter((t) => t.verdict === "regression").map((t) => `${t.name} (timed)`) ?? []
  ];
}
function jobsLine(jobs) {
  return jobs > 1 ? `jobs: ${jobs}: up to ${jobs} benchmarks are measured at a time (the counts are identical to one at a time).` : void 0;
}

// src/report/fit.ts
var characters = (text2) => text2.length;
function choosePieces(pieces, budget, size) {
  const order = pieces.map((piece, index) => ({ piece, index })).sort((a, b) => a.piece.rank - b.piece.rank || a.index - b.index);
  const kept = /* @__PURE__ */ new Set();
  let left = budget;
  for (const { piece } of order) {
    const cost = piece.lines.reduce((sum, line) => sum + size(line) + 1, 0);
    if (cost > left) continue;
    kept.add(piece);
    left -= cost;
  }
  return kept;
}

// src/python/compare.ts
function pythonUnrecordedAtMost(a) {
  const floor = a.bytecodes * PYTHON_FUNCTION_SHARE;
  const smallest = a.functions.at(-1)?.bytecodes;
  return a.functions.length >= MAX_PYTHON_FUNCTIONS && smallest !== void 0 ? Math.max(floor, smallest) : floor;
}
function pythonFunctionChanges(base, head2, top = 5) {
  if (!base || !head2 || base.scope !== head2.scope) return [];
  const key = (f) => `${f.file}\0${f.fn}`;
  const baseByKey = new Map(base.functions.map((f) => [key(f), f]));
  const headKeys = new Set(head2.functions.map(key));
  const changes = [];
  for (const h of head2.functions) {
    const b = baseByKey.get(key(h));
    if (b) {
      if (b.bytecodes !== h.bytecodes)
        changes.push({ fn: h.fn, file: h.file, line: h.line, base: b.bytecodes, head: h.bytecodes, change: h.bytecodes - b.bytecodes });
      continue;
    }
    const atMost = pythonUnrecordedAtMost(base);
    if (h.bytecodes > atMost)
      changes.push({ fn: h.fn, file: h.file, line: h.line, base: null, head: h.bytecodes, change: h.bytecodes - atMost, unrecordedAtMost: atMost });
  }
  for (const b of base.functions) {
    if (headKeys.has(key(b))) continue;
    const atMost = pythonUnrecordedAtMost(head2);
    if (b.bytecodes > atMost)
      changes.push({ fn: b.fn, file: b.file, line: b.line, base: b.bytecodes, head: null, change: atMost - b.bytecodes, unrecordedAtMost: atMost });
  }
  return changes.sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.fn.localeCompare(b.fn) || a.file.localeCompare(b.file)).slice(0, top);
}

// src/python/report.ts
var PYTHON_FUNCTIONS_TITLE = "Python functions whose executed bytecodes changed most (bytecode instructions counted in a separate, unmeasured run; not cycles)";
function pythonChanges(c, top = 5) {
  return pythonFunctionChanges(c.base?.python, c.head?.python, top);
}
var where = (f) => `${f.file}:${f.line}`;
function pythonFunctionsMarkdown(c) {
  const changes = pythonChanges(c);
  if (!changes.length) return [];
  const out = ["", `${PYTHON_FUNCTIONS_TITLE}:`, "", "| Python function | File:line | Base | Head | Change |", "|:--|:--|--:|--:|--:|"];
  for (const f of changes)
    out.push(`| ${escapeMarkdown(f.fn)} | ${escapeMarkdown(where(f))} | ${functionSideText(f, "base")} | ${functionSideText(f, "head")} | ${functionChangeText(f)} |`);
  return out;
}
function pythonFunctionsTerminalRows(c) {
  const changes = pythonChanges(c);
  if (!changes.length) return [];
  return [
    ["  Python function (file:line)", "base", "head", "change"],
    ...changes.map((f) => [`  ${escapeTerminal(`${f.fn} (${where(f)})`)}`, functionSideText(f, "base"), functionSideText(f, "head"), functionChangeText(f)])
  ];
}

// src/report/stopwatch.ts
var VERDICT_ICON = { regression: "\u{1F534}", improvement: "\u{1F7E2}", "no significant change": "\u26AA", inconclusive: "\u{1F7E1}" };
function median(xs) {
  if (!xs.length) return void 0;
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}
function timedSide(r, side) {
  const m = median(r[side]);
  if (m === void 0) return "\u2013";
  return r.unit === "ms" ? `${m.toFixed(m >= 100 ? 1 : 2)} ms` : `${formatCount(m)} cycles`;
}
var timedInterval = (r) => `${formatPercent(r.estimate.low)} \u2026 ${formatPercent(r.estimate.high)}`;
var timedPairs = (r) => `${r.estimate.pairs}${r.estimate.dropped ? ` (\u2212${r.estimate.dropped})` : ""}`;
var timedVerdictText = (r) => r.verdict === "no significant change" ? `no significant change (\xB1${r.thresholdPercent}%)` : r.verdict === "inconclusive" ? `inconclusive (too noisy for \xB1${r.thresholdPercent}%)` : r.verdict;
var confidenceLabel = (results) => `${Math.round((results[0]?.estimate.confidence ?? 0.95) * 100)}% interval`;
function timedTerminalTable(results, paint = (_, t) => t) {
  if (!results.length) return [];
  const rows = [["benchmark", "mode", "pairs", "base", "head", "change", confidenceLabel(results), "verdict"]];
  for (const r of results) {
    rows.push([
      escapeTerminal(r.name),
      r.mode,
      timedPairs(r),
      timedSide(r, "base"),
      timedSide(r, "head"),
      formatPercent(r.estimate.relative),
      timedInterval(r),
      timedVerdictText(r)
    ]);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => [...row[c]].length)));
  return rows.map(
    (row, i) => row.map((cell, c) => {
      const padded = c <= 1 || c === 7 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]);
      return c === 7 && i > 0 ? paint(results[i - 1].verdict, padded) : padded;
    }).join("  ").trimEnd()
  );
}
function timedMarkdown(results) {
  if (!results?.length) return [];
  const out = [
    "",
    "#### Timed natively (paired base and head, not simulated)",
    "",
    `| Benchmark | Mode | Pairs | Base (median) | Head (median) | Change | ${confidenceLabel(results)} | |`,
    "|:--|:--|--:|--:|--:|--:|--:|:--|"
  ];
  for (const r of results) {
    out.push(
      `| ${escapeMarkdown(r.name)} | ${r.mode} | ${timedPairs(r)} | ${timedSide(r, "base")} | ${timedSide(r, "head")} | ${formatPercent(r.estimate.relative)} | ${timedInterval(r)} | ${VERDICT_ICON[r.verdict]} ${escapeMarkdown(timedVerdictText(r))} |`
    );
  }
  const controls = [...new Set(results.flatMap((r) => r.controls))];
  out.push(
    "",
    `<sub>Base and head ran alternately (ABBA) on this runner after ${results[0].warmups} warm-up pairs; a regression only when the whole interval is beyond the threshold, no significant change only when it is wholly within it (else inconclusive). ${escapeMarkdown(controls.join(", "))}.</sub>`
  );
  return out;
}

// src/report/memory.ts
var FIGURE_LABEL = {
  totalBytes: "bytes allocated",
  totalBlocks: "blocks allocated",
  peakBytes: "peak live bytes",
  peakBlocks: "peak live blocks",
  exitBytes: "bytes live at exit",
  exitBlocks: "blocks live at exit"
};
var MEMORY_VERDICT_LABEL = {
  regression: "regression",
  improvement: "improvement",
  unchanged: "unchanged",
  "not-comparable": "not comparable"
};
var MEMORY_ICON = { regression: "\u{1F534}", improvement: "\u{1F7E2}", unchanged: "\u26AA", "not-comparable": "\u26A0\uFE0F" };
function verdictFromMemory(c) {
  if (!c.memory || c.memory.verdict !== c.verdict) return false;
  return c.relative === null || c.relative === 0 || Math.abs(c.relative) * 100 <= c.thresholdPercent;
}
function comparisonRows(c) {
  const m = c.memory;
  if (!m.change || !m.base || !m.head) {
    return [{ figure: "", base: "", head: "", change: "", relative: "", verdict: m.verdict, note: m.notComparable ?? "" }];
  }
  const { base, head: head2, change } = m;
  const moved = HEAP_FIGURES.filter((f) => change[f] !== 0);
  const shown = moved.length ? moved : ["totalBytes"];
  return shown.map((f) => ({
    figure: FIGURE_LABEL[f],
    base: formatCount(base[f]),
    head: formatCount(head2[f]),
    change: formatSigned(change[f]),
    relative: base[f] === 0 ? "" : formatPercent(change[f] / base[f]),
    verdict: m.verdict,
    ...m.notComparable ? { note: m.notComparable } : {}
  }));
}
var withMemory = (comparison) => comparison?.benchmarks.filter((c) => c.memory) ?? [];
function memoryTerminalRows(head2, comparison) {
  if (comparison) {
    const rows = withMemory(comparison).flatMap(
      (c) => comparisonRows(c).map((r) => [
        escapeTerminal(c.name),
        r.note !== void 0 && !r.figure ? `not comparable: ${escapeTerminal(r.note)}` : r.figure,
        r.base,
        r.head,
        r.change,
        r.relative,
        r.figure ? MEMORY_VERDICT_LABEL[r.verdict] : ""
      ])
    );
    return rows.length ? [["benchmark", "heap (DHAT)", "base", "head", "change", "", "verdict"], ...rows] : [];
  }
  const measured = head2.benchmarks.filter((b) => b.memory);
  if (!measured.length) return [];
  return [
    ["benchmark", "bytes allocated", "blocks", "peak live bytes", "bytes live at exit"],
    ...measured.map((b) => [
      escapeTerminal(b.name),
      formatCount(b.memory.totalBytes),
      formatCount(b.memory.totalBlocks),
      formatCount(b.memory.peakBytes),
      formatCount(b.memory.exitBytes)
    ])
  ];
}
function memoryMarkdown(head2, comparison) {
  const title2 = ["", "**Memory** (heap, exact: a second run under DHAT; see docs/memory.md)", ""];
  if (comparison) {
    const compared = withMemory(comparison);
    if (!compared.length) return [];
    const lines = [...title2, "| Benchmark | Figure | Base | Head | Change | | |", "|:--|:--|--:|--:|--:|--:|:--|"];
    for (const c of compared) {
      for (const r of comparisonRows(c)) {
        const figure = r.figure || `not comparable: ${escapeMarkdown(r.note ?? "")}`;
        lines.push(
          `| ${escapeMarkdown(c.name)} | ${figure} | ${r.base} | ${r.head} | ${r.change} | ${r.relative} | ${r.figure ? `${MEMORY_ICON[r.verdict]} ${MEMORY_VERDICT_LABEL[r.verdict]}` : ""} |`
        );
      }
    }
    return lines;
  }
  const measured = head2.benchmarks.filter((b) => b.memory);
  if (!measured.length) return [];
  return [
    ...title2,
    "| Benchmark | Bytes allocated | Blocks allocated | Peak live bytes | Bytes live at exit |",
    "|:--|--:|--:|--:|--:|",
    ...measured.map(
      (b) => `| ${escapeMarkdown(b.name)} | ${formatCount(b.memory.totalBytes)} | ${formatCount(b.memory.totalBlocks)} | ${formatCount(b.memory.peakBytes)} | ${formatCount(b.memory.exitBytes)} |`
    )
  ];
}
function heapSummary(figures) {
  return HEAP_FIGURES.map((f) => `${FIGURE_LABEL[f]} ${formatCount(figures[f])}`).join(", ");
}
function heapChangeText(c) {
  const m = c.memory;
  if (!m?.change || !m.base || !m.head) return "";
  const { base, head: head2, change } = m;
  return HEAP_FIGURES.filter((f) => change[f] !== 0).map((f) => `${FIGURE_LABEL[f]} ${formatSigned(change[f])} (${formatCount(base[f])} \u2192 ${formatCount(head2[f])})`).join(", ");
}
var HEAP_MEASURES = [
  { figure: "totalBytes", slug: "heap-bytes-allocated", unit: "bytes", help: "Heap bytes allocated over the run (DHAT)" },
  { figure: "totalBlocks", slug: "heap-blocks-allocated", unit: "blocks", help: "Heap blocks allocated over the run (DHAT)" },
  { figure: "peakBytes", slug: "heap-peak-bytes", unit: "bytes", help: "Heap bytes live when the heap was largest (DHAT t-gmax)" },
  { figure: "peakBlocks", slug: "heap-peak-blocks", unit: "blocks", help: "Heap blocks live when the heap was largest (DHAT t-gmax)" },
  { figure: "exitBytes", slug: "heap-exit-bytes", unit: "bytes", help: "Heap bytes still live at exit (DHAT t-end)" },
  { figure: "exitBlocks", slug: "heap-exit-blocks", unit: "blocks", help: "Heap blocks still live at exit (DHAT t-end)" }
];

// src/report/markdown.ts
var ICON = {
  regression: "\u{1F534}",
  improvement: "\u{1F7E2}",
  unchanged: "\u26AA",
  new: "\u{1F195}",
  removed: "\u2796",
  failed: "\u274C",
  "not-comparable": "\u26A0\uFE0F"
};
var cycles = (b) => b?.estimatedCycles != null ? formatCount(b.estimatedCycles) : "\u2013";
function title(head2, comparison, suite) {
  const failed = head2.benchmarks.some((b) => b.status !== "ok");
  const timedRegression = head2.timed?.some((t) => t.verdict === "regression") ?? false;
  const icon = !comparison ? failed ? "\u274C" : timedRegression ? "\u{1F534}" : "\u{1F4CA}" : !comparison.comparable ? "\u26A0\uFE0F" : failed ? "\u274C" : comparison.counts.regression || timedRegression ? "\u{1F534}" : comparison.counts.improvement ? "\u{1F7E2}" : "\u2705";
  return `### ${icon} cg-bench${suite ? ` (${escapeMarkdown(suite)})` : ""}: ${escapeMarkdown(headline2(head2, comparison))}`;
}
function commitLink(commit) {
  if (!/^[0-9a-f]{7,64}$/.test(commit.sha)) return escapeMarkdown(commit.short);
  const shown = `\`${commit.short}\``;
  return commit.url ? `[${shown}](${commit.url})` : shown;
}
function baselineLine(input) {
  const commit = input.baselineCommit;
  if (commit && input.comparison) return [`Compared with the ${commit.what} ${commitLink(commit)}.`, ""];
  if (!input.comparison && input.baselineSource?.startsWith("none: ")) return [`No baseline: ${escapeMarkdown(input.baselineSource.slice("none: ".length))}.`, ""];
  return [];
}
var NOT_REPEATING_HELP = "docs/results.md#my-benchmark-does-not-repeat";
var NOT_REPEATING_SHOWN = 20;
function notRepeatingLine(names) {
  if (!names?.length) return [];
  const more = names.length > NOT_REPEATING_SHOWN ? ` and ${formatCount(names.length - NOT_REPEATING_SHOWN)} more (the log names them)` : "";
  const shown = names.slice(0, NOT_REPEATING_SHOWN).map(escapeMarkdown).join(", ");
  return [`\u26A0\uFE0F Not repeating: ${shown}${more} (events differ between two runs of the same commit; see ${NOT_REPEATING_HELP}).`, ""];
}
var TABLE_HEADER = ["| Benchmark | Base | Head | Change | |", "|:--|--:|--:|--:|:--|"];
function comparisonRow(c, flame) {
  return `| ${escapeMarkdown(c.name)} | ${cycles(c.base)} | ${cycles(c.head)} | ${c.relative === null ? "" : formatPercent(c.relative)} | ${ICON[c.verdict]} ${VERDICT_LABEL[c.verdict]}${verdictFromMemory(c) ? " (memory)" : ""}${flameGraphCell(flame)} |`;
}
function flameGraphCell(flame) {
  if (!flame) return "";
  if (!flame.url) return ` \xB7 flame graph \`${flame.path}\``;
  return ` \xB7 [${flame.label ?? "flame graph"}](${flame.url.replace(/[()\s<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)})`;
}
var RESULTS_HEADER = ["| Benchmark | Estimated cycles | Instructions | L1 hits | LL hits | RAM hits |", "|:--|--:|--:|--:|--:|--:|"];
function resultsRow(b) {
  return b.events && b.hits ? `| ${escapeMarkdown(b.name)} | ${cycles(b)} | ${formatCount(b.events.Ir)} | ${formatCount(b.hits.l1)} | ${formatCount(b.hits.ll)} | ${formatCount(b.hits.ram)} |` : `| ${escapeMarkdown(b.name)} | \u274C ${b.status === "timeout" ? "timed out" : "failed"} | | | | |`;
}
function detail(c) {
  const { base, head: head2 } = c;
  if (!base?.events || !head2?.events || !base.hits || !head2.hits) return [];
  const row = (label, a, b) => `| ${label} | ${formatCount(a)} | ${formatCount(b)} | ${formatSigned(b - a)} | ${a === 0 ? "" : formatPercent((b - a) / a)} |`;
  const out = [
    `#### ${escapeMarkdown(c.name)}`,
    "",
    "| | Base | Head | Change | |",
    "|:--|--:|--:|--:|--:|",
    row("Estimated cycles", base.estimatedCycles ?? 0, head2.estimatedCycles ?? 0),
    row("Instructions (Ir)", base.events.Ir, head2.events.Ir),
    row("L1 hits", base.hits.l1, head2.hits.l1),
    row("LL hits", base.hits.ll, head2.hits.ll),
    row("RAM hits", base.hits.ram, head2.hits.ram)
  ];
  const other = c.otherFunctions;
  if (c.functions.length || other) {
    const inclusive = c.functions.some((f) => f.inclusive);
    const [more, moreAlign, moreEmpty] = inclusive ? [" Inclusive (base \u2192 head) | Inclusive change |", "--:|--:|", " | |"] : ["", "", ""];
    out.push(
      "",
      "Functions whose estimated cycles changed most:",
      "",
      `| Function | File | Base | Head | Change |${more}`,
      `|:--|:--|--:|--:|--:|${moreAlign}`
    );
    for (const f of c.functions)
      out.push(
        `| ${escapeMarkdown(f.fn)} | ${escapeMarkdown(f.file)} | ${functionSideText(f, "base")} | ${functionSideText(f, "head")} | ${functionChangeText(f)} |${inclusive ? ` ${inclusiveSidesText(f)} | ${inclusiveChangeText(f)} |` : ""}`
      );
    if (other)
      out.push(
        `| _${escapeMarkdown(otherFunctionsLabel(other))}_ | | ${otherFunctionsSideText(other, "base")} | ${otherFunctionsSideText(other, "head")} | ${formatSigned(other.change)} |${moreEmpty}`
      );
  }
  if (c.callers?.length) {
    out.push(
      "",
      "Callers whose cost with callees changed most (call tree; their own code did not change as much):",
      "",
      "| Function | Inclusive base | Inclusive head | Change |",
      "|:--|--:|--:|--:|"
    );
    for (const f of c.callers) out.push(`| ${escapeMarkdown(f.fn)} | ${formatCount(f.base)} | ${formatCount(f.head)} | ${formatSigned(f.head - f.base)} |`);
  }
  const lines = c.functions.flatMap((f) => (f.lines ?? []).map((l) => ({ fn: f.fn, l })));
  if (lines.length) {
    out.push(
      "",
      "Source lines whose estimated cycles changed most (in those functions):",
      "",
      "| Line | Function | Code | Base | Head | Change |",
      "|:--|:--|:--|--:|--:|--:|"
    );
    const shown = lines.sort((a, b) => Math.abs(b.l.change) - Math.abs(a.l.change)).slice(0, 10);
    for (const { fn, l } of shown) {
      out.push(
        `| ${escapeMarkdown(lineLabel(l))} | ${escapeMarkdown(fn)} | ${l.text !== void 0 ? escapeMarkdown(l.text) : ""} | ${lineSideText(l, "base")} | ${lineSideText(l, "head")} | ${lineChangeText(l)} |`
      );
    }
    if (shown.some(({ l }) => l.text === void 0))
      out.push("", "_No code shown: the file is outside the workspace, reached through a link, or not readable by the benchmark's user._");
  }
  out.push(...pythonFunctionsMarkdown(c));
  return out;
}
function failure(b) {
  const lines = (b.message ?? "").split("\n");
  return { first: `- ${escapeMarkdown(b.name)}: ${escapeMarkdown((b.message ?? b.status).split("\n")[0] ?? "")}`, more: lines.slice(1, 12).map((line) => `  > ${escapeMarkdown(line)}`) };
}
function environmentLine(env) {
  const parts = [
    `cg-bench ${env.cgBench}`,
    `Valgrind ${env.valgrind}`,
    env.glibc && `glibc ${env.glibc}`,
    env.os,
    env.arch,
    env.cpu.brand && `simulated CPU ${env.cpu.brand}`,
    `I1 ${env.cache.I1} \xB7 D1 ${env.cache.D1} \xB7 LL ${env.cache.LL}`,
    `weights ${env.weights.l1}/${env.weights.ll}/${env.weights.ram}`,
    env.image.digest && `image ${env.image.digest.slice(0, 19)}`
  ];
  return parts.filter(Boolean).map((p) => escapeMarkdown(String(p))).join(" \xB7 ");
}
var RANK = { regression: 0, failed: 0, "not-comparable": 0, improvement: 2, new: 2, removed: 2, unchanged: 3 };
var TIMED_RANK = 1;
var FAILURE_TEXT_RANK = 1;
var DETAIL_RANK = { regression: 4, other: 5 };
var NOTES_ROOM = 1500;
function document(input) {
  const { head: head2, comparison, baselineSource } = input;
  const top = [title(head2, comparison, input.suite), "", ...baselineLine(input), ...notRepeatingLine(input.notRepeating)];
  const flame = new Map(input.flameGraphs?.map((g) => [g.benchmark, g]));
  if (comparison && !comparison.comparable) {
    top.push("The baseline was measured on a different simulated machine or userland, so changes are not attributed to the code:", "");
    for (const d of comparison.differences) top.push(`- ${escapeMarkdown(d)}`);
    top.push("");
  }
  const rows = comparison ? comparison.benchmarks.map((c) => ({ lines: [comparisonRow(c, flame.get(c.name))], rank: RANK[c.verdict], verdict: c.verdict })) : head2.benchmarks.map((b) => ({
    lines: [resultsRow(b)],
    rank: b.status === "ok" ? RANK.unchanged : RANK.failed,
    verdict: b.status === "ok" ? void 0 : "failed"
  }));
  const apart = (comparison?.benchmarks.filter((c) => c.notComparable) ?? []).map((c) => ({
    lines: [`- ${escapeMarkdown(c.name)}: ${escapeMarkdown(c.notComparable)}`],
    rank: RANK["not-comparable"]
  }));
  const failures = head2.benchmarks.filter((b) => b.status !== "ok").map((b) => {
    const { first, more } = failure(b);
    return { first: { lines: [first], rank: RANK.failed }, more: { lines: more, rank: FAILURE_TEXT_RANK } };
  });
  const timedLines = timedMarkdown(head2.timed);
  const memoryLines = memoryMarkdown(head2, comparison);
  const memoryRegression = comparison?.benchmarks.some((c) => c.memory?.verdict === "regression") ?? false;
  const details = (comparison?.benchmarks.filter((c) => c.change !== null && c.change !== 0) ?? []).map((c) => ({
    lines: ["", ...detail(c)],
    rank: c.verdict === "regression" ? DETAIL_RANK.regression : DETAIL_RANK.other
  }));
  const footer = [environmentLine(head2.environment)];
  if (baselineSource) footer.push(`baseline: ${escapeMarkdown(baselineSource)}`);
  if (comparison) footer.push(`threshold ${[...new Set(comparison.benchmarks.map((b) => `${b.thresholdPercent}%`))].join("/")}`);
  return {
    top,
    tableHeader: comparison ? TABLE_HEADER : RESULTS_HEADER,
    rows,
    apart,
    failures,
    timed: timedLines.length ? { lines: timedLines, rank: TIMED_RANK } : void 0,
    memory: memoryLines.length ? { lines: memoryLines, rank: memoryRegression ? RANK.regression : TIMED_RANK } : void 0,
    details,
    footer: `<sub>${footer.join(" \xB7 ")}</sub>`
  };
}
function leftOutPhrase(rows) {
  const counts = /* @__PURE__ */ new Map();
  for (const r of rows) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
  const order = ["regression", "failed", "not-comparable", "improvement", "new", "removed", "unchanged", void 0];
  return order.filter((v) => counts.has(v)).map((v) => v === void 0 ? `${formatCount(counts.get(v))} measured` : countPhrase(v, counts.get(v)).replace(/^\d+/, formatCount(counts.get(v)))).join(", ");
}
function assemble(doc, kept, fullReport) {
  const has = (p) => !kept || kept.has(p);
  const lines = [...doc.top];
  const rows = doc.rows.filter(has);
  const missingRows = doc.rows.filter((r) => !has(r));
  const position = new Map(doc.rows.map((r, i) => [r, i]));
  if (missingRows.length) rows.sort((a, b) => a.rank - b.rank || position.get(a) - position.get(b));
  lines.push(...doc.tableHeader, ...rows.flatMap((r) => r.lines));
  if (missingRows.length) {
    lines.push(
      "",
      `_${formatCount(missingRows.length)} of ${formatCount(doc.rows.length)} rows left out to fit (${leftOutPhrase(missingRows)}); regressions and failures are listed first. The full report: ${fullReport}._`
    );
  }
  const apart = doc.apart.filter(has);
  if (apart.length) {
    lines.push("", "Not comparable: these ran other programs or libraries than the baseline, so their change is not attributed to the code:", "");
    for (const p of apart) lines.push(...p.lines);
  }
  const failures = doc.failures.filter((f) => has(f.first));
  if (failures.length) {
    lines.push("", "**Failed benchmarks**", "");
    for (const f of failures) lines.push(...f.first.lines, ...has(f.more) ? f.more.lines : []);
  }
  const cut = doc.apart.length - apart.length + (doc.failures.length - failures.length);
  if (cut) lines.push("", `_${formatCount(cut)} more failed or not comparable benchmarks left out to fit. The full report: ${fullReport}._`);
  if (doc.timed && has(doc.timed)) lines.push(...doc.timed.lines);
  else if (doc.timed) lines.push("", `_The timed benchmarks' table is left out to fit. The full report: ${fullReport}._`);
  if (doc.memory && has(doc.memory)) lines.push(...doc.memory.lines);
  else if (doc.memory) lines.push("", `_The memory table is left out to fit. The full report: ${fullReport}._`);
  const details = doc.details.filter(has);
  if (details.length)
    lines.push("", "<details><summary>Details: instructions, cache hits and functions</summary>", ...details.flatMap((p) => p.lines), "", "</details>");
  if (details.length < doc.details.length)
    lines.push("", `_Details of ${formatCount(doc.details.length - details.length)} changed benchmarks left out to fit. The full report: ${fullReport}._`);
  lines.push("", doc.footer);
  return lines;
}
var documents = /* @__PURE__ */ new WeakMap();
var text = (lines) => `${lines.join("\n")}
`;
function renderMarkdown(input, fit) {
  let doc = documents.get(input);
  if (!doc) documents.set(input, doc = document(input));
  const whole = text(assemble(doc, void 0, ""));
  if (!fit) return whole;
  const size = fit.size ?? characters;
  if (size(whole) <= fit.limit) return whole;
  const pieces = [
    ...doc.rows,
    ...doc.apart,
    ...doc.failures.flatMap((f) => [f.first, f.more]),
    ...doc.timed ? [doc.timed] : [],
    ...doc.memory ? [doc.memory] : [],
    ...doc.details
  ];
  const fixed3 = size(text(assemble(doc, /* @__PURE__ */ new Set(), fit.fullReport)));
  const kept = choosePieces(pieces, fit.limit - fixed3 - NOTES_ROOM, size);
  return text(assemble(doc, kept, fit.fullReport));
}
var markdownReport = {
  name: "markdown",
  render: (input) => renderMarkdown(input)
};

// src/report/bmf.ts
var bmfReport = {
  name: "bmf",
  render({ head: head2 }) {
    const out = {};
    for (const b of head2.benchmarks) {
      if (b.status !== "ok" || b.estimatedCycles === null || !b.events || !b.hits) continue;
      out[b.name] = {
        "estimated-cycles": { value: b.estimatedCycles },
        instructions: { value: b.events.Ir },
        "l1-hits": { value: b.hits.l1 },
        "ll-hits": { value: b.hits.ll },
        "ram-hits": { value: b.hits.ram },
        // memory: true only: the heap figures as measures of their own (Bencher creates them on first upload).
        ...Object.fromEntries(b.memory ? HEAP_MEASURES.map((m) => [m.slug, { value: b.memory[m.figure] }]) : [])
      };
    }
    return `${JSON.stringify(out, null, 2)}
`;
  }
};

// src/report/github-action-benchmark.ts
var githubActionBenchmarkReport = {
  name: "github-action-benchmark",
  render({ head: head2 }) {
    const entries = head2.benchmarks.flatMap((b) => {
      if (b.status !== "ok" || b.estimatedCycles === null || !b.events || !b.hits) return [];
      const extra = `instructions ${formatCount(b.events.Ir)}, L1 hits ${formatCount(b.hits.l1)}, LL hits ${formatCount(b.hits.ll)}, RAM hits ${formatCount(b.hits.ram)}`;
      const heap = b.memory ? HEAP_MEASURES.map((m) => ({ name: `${b.name} (${m.slug})`, unit: m.unit, value: b.memory[m.figure] })) : [];
      return [{ name: b.name, unit: "estimated cycles", value: b.estimatedCycles, extra }, ...heap];
    });
    return `${JSON.stringify(entries, null, 2)}
`;
  }
};

// src/report/json.ts
var jsonReport = {
  name: "json",
  render({ head: head2, comparison, baselineSource }) {
    const summary2 = {
      headline: headline2(head2, comparison),
      baseline: baselineSource ?? null,
      comparable: comparison?.comparable ?? null,
      differences: comparison?.differences ?? [],
      counts: comparison?.counts ?? null,
      benchmarks: comparison ? comparison.benchmarks.map((c) => ({
        name: c.name,
        verdict: c.verdict,
        thresholdPercent: c.thresholdPercent,
        base: c.base?.estimatedCycles ?? null,
        head: c.head?.estimatedCycles ?? null,
        change: c.change,
        relative: c.relative,
        functions: c.functions,
        ...c.otherFunctions ? { otherFunctions: c.otherFunctions } : {},
        ...c.notComparable ? { notComparable: c.notComparable } : {}
      })) : head2.benchmarks.map((b) => ({ name: b.name, status: b.status, estimatedCycles: b.estimatedCycles, events: b.events, hits: b.hits }))
    };
    return `${JSON.stringify(summary2, null, 2)}
`;
  }
};

// src/report/junit.ts
function escapeXml(text2) {
  return text2.replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
function summary(b) {
  if (!b?.events || !b.hits) return "";
  const heap = b.memory ? `; heap: ${heapSummary(b.memory)}` : "";
  return `estimated cycles ${formatCount(b.estimatedCycles ?? 0)}; Ir ${formatCount(b.events.Ir)}; L1 hits ${formatCount(b.hits.l1)}; LL hits ${formatCount(b.hits.ll)}; RAM hits ${formatCount(b.hits.ram)}${heap}`;
}
function testcase(name, seconds, body) {
  return `    <testcase classname="cg-bench" name="${escapeXml(name)}" time="${seconds.toFixed(3)}">${body ? `
${body}
    ` : ""}</testcase>`;
}
function regressionMessage(c, change) {
  const heap = c.memory?.verdict === "regression" ? `heap ${heapChangeText(c)}, over the ${c.memory.thresholdPercent}% memory threshold` : "";
  if (verdictFromMemory(c)) return heap;
  return `estimated cycles ${change}, over the ${c.thresholdPercent}% threshold${heap ? `; ${heap}` : ""}`;
}
function fromComparison(c) {
  const time = (c.head?.wallTimeMs ?? 0) / 1e3;
  const change = c.relative === null ? "" : `${formatPercent(c.relative)} (${formatCount(c.base?.estimatedCycles ?? 0)} \u2192 ${formatCount(c.head?.estimatedCycles ?? 0)})`;
  const out = (text2) => `      <system-out>${escapeXml(text2)}</system-out>`;
  switch (c.verdict) {
    case "regression":
      return {
        kind: "failure",
        xml: testcase(
          c.name,
          time,
          `      <failure type="regression" message="${escapeXml(regressionMessage(c, change))}">${escapeXml(summary(c.head))}</failure>`
        )
      };
    case "failed":
      return {
        kind: "error",
        xml: testcase(
          c.name,
          time,
          `      <error type="${c.head?.status ?? "failed"}" message="${escapeXml(headline(c.head?.message ?? "failed"))}">${escapeXml(c.head?.message ?? "")}</error>`
        )
      };
    case "removed":
      return { kind: "skipped", xml: testcase(c.name, 0, '      <skipped message="removed: not in this commit"/>') };
    default:
      return { kind: "ok", xml: testcase(c.name, time, out(`${c.verdict}${change ? ` ${change}` : ""}; ${summary(c.head)}`)) };
  }
}
function fromResult(b) {
  const time = b.wallTimeMs / 1e3;
  if (b.status !== "ok")
    return {
      kind: "error",
      xml: testcase(
        b.name,
        time,
        `      <error type="${b.status}" message="${escapeXml(headline(b.message ?? b.status))}">${escapeXml(b.message ?? "")}</error>`
      )
    };
  return { kind: "ok", xml: testcase(b.name, time, `      <system-out>${escapeXml(summary(b))}</system-out>`) };
}
var junitReport = {
  name: "junit",
  render({ head: head2, comparison }) {
    const cases = comparison ? comparison.benchmarks.map(fromComparison) : head2.benchmarks.map(fromResult);
    const count = (k) => cases.filter((c) => c.kind === k).length;
    const time = head2.benchmarks.reduce((s, b) => s + b.wallTimeMs, 0) / 1e3;
    const attrs = `tests="${cases.length}" failures="${count("failure")}" errors="${count("error")}" skipped="${count("skipped")}" time="${time.toFixed(3)}"`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="cg-bench" ${attrs}>`,
      `  <testsuite name="cg-bench" ${attrs}>`,
      ...cases.map((c) => c.xml),
      "  </testsuite>",
      "</testsuites>",
      ""
    ].join("\n");
  }
};

// src/report/openmetrics.ts
function labelValue(text2) {
  return encodeURIComponent(text2.replace(/[\ud800-\udfff]/gu, "\uFFFD")).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
var FAMILIES = [
  ["cg_bench_estimated_cycles", "Estimated cycles: L1 hits + 5 LL hits + 35 RAM hits (default weights)", (b) => b.estimatedCycles],
  ["cg_bench_instructions", "Instructions executed (Ir)", (b) => b.events?.Ir ?? null],
  ["cg_bench_l1_hits", "Accesses served by L1", (b) => b.hits?.l1 ?? null],
  ["cg_bench_ll_hits", "Accesses served by the last-level cache", (b) => b.hits?.ll ?? null],
  ["cg_bench_ram_hits", "Accesses that went to RAM", (b) => b.hits?.ram ?? null],
  // memory: true only (docs/memory.md): exact heap counts from the DHAT run.
  ...HEAP_MEASURES.map((m) => [`cg_bench_${m.slug.replace(/-/g, "_")}`, m.help, (b) => b.memory?.[m.figure] ?? null])
];
var openMetricsReport = {
  name: "openmetrics",
  render({ head: head2 }) {
    const lines = [];
    for (const [name, help, value] of FAMILIES) {
      if (name.startsWith("cg_bench_heap_") && !head2.benchmarks.some((b) => value(b) !== null)) continue;
      lines.push(`# TYPE ${name} gauge`, `# HELP ${name} ${help}.`);
      for (const b of head2.benchmarks) {
        const v = value(b);
        if (v !== null) lines.push(`${name}{benchmark="${labelValue(b.name)}"} ${v}`);
      }
    }
    lines.push("# EOF", "");
    return lines.join("\n");
  }
};

// src/report/terminal.ts
import { join as join20 } from "node:path";
var COLOURS = { regression: "31", failed: "31", improvement: "32", "not-comparable": "33", new: "36" };
var LOG_WIDTH = 160;
var MIN_LABEL_WIDTH = 24;
var length = (text2) => [...text2].length;
var head = (text2, n) => [...text2].slice(0, n).join("");
var tail = (text2, n) => n > 0 ? [...text2].slice(-n).join("") : "";
function elideMiddle(text2, n) {
  if (length(text2) <= n) return text2;
  const keep = n - 1;
  return `${head(text2, Math.ceil(keep / 2))}\u2026${tail(text2, Math.floor(keep / 2))}`;
}
function fitLabel(label, n) {
  if (length(label) <= n) return label;
  const parts = /^(\s*)(.+) \(([^ ]+)\)$/.exec(label);
  if (!parts) return elideMiddle(label, n);
  const [, indent = "", fn = "", file = ""] = parts;
  const room = n - length(indent) - length(fn) - " (\u2026)".length;
  if (room >= 8) return `${indent}${fn} (\u2026${tail(file, room)})`;
  return indent + elideMiddle(fn, n - length(indent));
}
function table(rows, rightAligned, width = Number.POSITIVE_INFINITY) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => visibleLength(r[i] ?? ""))));
  const others = widths.slice(1).reduce((sum, w) => sum + w + 2, 0);
  let fitted = rows;
  if (widths[0] + others > width) {
    const first = Math.max(MIN_LABEL_WIDTH, width - others);
    fitted = rows.map(([label = "", ...rest]) => [fitLabel(label, first), ...rest]);
    widths[0] = Math.max(...fitted.map((r) => visibleLength(r[0] ?? "")));
  }
  return fitted.map(
    (r) => r.map((cell, i) => {
      const pad = " ".repeat(widths[i] - visibleLength(cell));
      return rightAligned.has(i) ? pad + cell : cell + pad;
    }).join("  ").trimEnd()
  );
}
function visibleLength(text2) {
  return text2.replace(/\x1b\[[0-9;]*m/g, "").length;
}
function terminalReport(options) {
  const width = options.width ?? LOG_WIDTH;
  const paint = (code, text2) => options.colour && code ? `\x1B[${code}m${text2}\x1B[0m` : text2;
  const change = (c) => c.relative === null ? "" : `${formatPercent(c.relative)}`;
  return {
    name: "terminal",
    render({ head: head2, comparison, baselineSource, resultsDir }) {
      const shown = (file) => escapeTerminal(resultsDir ? join20(resultsDir, file) : file);
      const lines = [];
      if (comparison) {
        const rows = [["benchmark", "base", "head", "change", "verdict"]];
        for (const c of comparison.benchmarks) {
          rows.push([
            escapeTerminal(c.name),
            c.base?.estimatedCycles != null ? formatCount(c.base.estimatedCycles) : "-",
            c.head?.estimatedCycles != null ? formatCount(c.head.estimatedCycles) : "-",
            change(c),
            paint(COLOURS[c.verdict], VERDICT_LABEL[c.verdict] + (verdictFromMemory(c) ? " (memory)" : ""))
          ]);
        }
        lines.push(...table(rows, /* @__PURE__ */ new Set([1, 2, 3]), width));
        for (const c of comparison.benchmarks.filter((b) => b.notComparable)) {
          lines.push(`${escapeTerminal(c.name)}: not comparable: ${escapeTerminal(c.notComparable)}`);
        }
        for (const c of comparison.benchmarks.filter((b) => (b.functions.length || b.otherFunctions) && b.verdict !== "unchanged")) {
          const other = c.otherFunctions;
          lines.push("", `${escapeTerminal(c.name)}: functions that changed most`);
          lines.push(
            ...table(
              [
                ["  function (file)", "base", "head", "change"],
                ...c.functions.map((f) => [
                  `  ${escapeTerminal(functionLabel(f))}`,
                  functionSideText(f, "base"),
                  functionSideText(f, "head"),
                  functionChangeText(f)
                ]),
                ...other ? [
                  [
                    `  ${otherFunctionsLabel(other)}`,
                    otherFunctionsSideText(other, "base"),
                    otherFunctionsSideText(other, "head"),
                    formatSigned(other.change)
                  ]
                ] : []
              ],
              /* @__PURE__ */ new Set([1, 2, 3]),
              width
            )
          );
        }
        for (const c of comparison.benchmarks.filter((b) => b.verdict !== "unchanged")) {
          const rows2 = pythonFunctionsTerminalRows(c);
          if (rows2.length) lines.push("", `${escapeTerminal(c.name)}: ${PYTHON_FUNCTIONS_TITLE}`, ...table(rows2, /* @__PURE__ */ new Set([1, 2, 3]), width));
        }
      } else {
        const rows = [["benchmark", "estimated cycles", "Ir", "L1 hits", "LL hits", "RAM hits", "time"]];
        for (const b of head2.benchmarks) {
          rows.push(
            b.hits && b.events ? [
              escapeTerminal(b.name),
              formatCount(b.estimatedCycles ?? 0),
              formatCount(b.events.Ir),
              formatCount(b.hits.l1),
              formatCount(b.hits.ll),
              formatCount(b.hits.ram),
              formatDuration(b.wallTimeMs)
            ] : [escapeTerminal(b.name), paint("31", b.status === "timeout" ? "TIMED OUT" : "FAILED"), "", "", "", "", formatDuration(b.wallTimeMs)]
          );
        }
        lines.push(...table(rows, /* @__PURE__ */ new Set([1, 2, 3, 4, 5, 6]), width));
      }
      for (const b of head2.benchmarks.filter((x) => x.status !== "ok")) {
        lines.push("", paint("31", `${escapeTerminal(b.name)}: ${b.status === "timeout" ? "timed out" : "failed"}`));
        lines.push(...(b.message ?? "").split("\n").map((l) => `  ${escapeTerminal(l)}`));
        lines.push(`  logs: ${shown(b.logs.stdout)}, ${shown(b.logs.stderr)}`);
      }
      const memory = memoryTerminalRows(head2, comparison);
      if (memory.length)
        lines.push("", "memory (heap, exact, from a second run under DHAT):", ...table(memory, new Set(comparison ? [2, 3, 4, 5] : [1, 2, 3, 4])));
      const timed = timedTerminalTable(head2.timed ?? [], (v, text2) => paint(v === "regression" ? "31" : v === "improvement" ? "32" : void 0, text2));
      if (timed.length) lines.push("", "timed natively (paired base and head, not simulated):", ...timed);
      lines.push("", headline2(head2, comparison) + (baselineSource ? ` (baseline: ${escapeTerminal(baselineSource)})` : ""));
      return `${lines.join("\n")}
`;
    }
  };
}

// src/report/index.ts
var REPORT_FORMATS = {
  terminal: { export: false, make: terminalReport },
  markdown: { export: false, make: () => markdownReport },
  json: { export: false, make: () => jsonReport },
  junit: { export: false, make: () => junitReport },
  openmetrics: { export: false, make: () => openMetricsReport },
  bmf: { export: true, make: () => bmfReport },
  "github-action-benchmark": { export: true, make: () => githubActionBenchmarkReport }
};
var FORMAT_NAMES = Object.keys(REPORT_FORMATS);
var EXPORT_FORMATS = FORMAT_NAMES.filter((name) => REPORT_FORMATS[name].export);
function reportFormat(name, options) {
  return REPORT_FORMATS[name].make(options);
}
var exportFileName = (format) => `${format}.json`;

// src/compare/executables.ts
function executableDifference(base, head2) {
  if (!base || !head2) return void 0;
  const baseByPath = new Map(base.map((e) => [e.path, e]));
  for (const h of head2) {
    const b = baseByPath.get(h.path);
    if (b && b.sha256 !== h.sha256) return `${h.path} changed (sha256 ${b.sha256.slice(0, 12)} \u2192 ${h.sha256.slice(0, 12)})`;
  }
  const programs = (list) => list.filter((e) => e.main).map((e) => e.path);
  const [bp, hp] = [programs(base), programs(head2)];
  const gone = bp.filter((p) => !hp.includes(p));
  const added = hp.filter((p) => !bp.includes(p));
  if (gone.length || added.length) return `other programs ran: ${[...gone.map((p) => `\u2212${p}`), ...added.map((p) => `+${p}`)].join(", ")}`;
  return void 0;
}

// src/compare/seal.ts
var PARTS = [
  { key: "pids", name: "pid namespace", values: { own: "its own", host: "none (the machine's pids)" } },
  { key: "ids", name: "uid mapping", values: { anonymous: "anonymous (overflow ids)", caller: "the caller's uid", host: "none (no user namespace)" } },
  { key: "network", name: "network", values: { none: "none", host: "the host's" } },
  { key: "cpus", name: "CPU view", values: { one: "one CPU", host: "the host's CPUs" } },
  { key: "entropy", name: "entropy", values: { fixed: "fixed", os: "the system's" } },
  // Compared only when both sides record it: private ones move no count by themselves (measured
  // equal on the examples), so results made before it was recorded stay comparable.
  { key: "tmp", name: "temporary directories", values: { private: "the run's own", shared: "shared with other runs" }, bothRecord: true },
  // Compared only when both record it, as tmp: a fresh /proc moved no count of the examples.
  { key: "proc", name: "/proc", values: { own: "its pid namespace's own", host: "cg-bench's (the machine's processes)" }, bothRecord: true },
  // Compared only when both record it, as tmp: an IPC namespace moved no count of the examples.
  { key: "ipc", name: "SysV IPC", values: { own: "the run's own", host: "the machine's" }, bothRecord: true },
  // Compared only when both record it, as tmp: the examples call no gethostname.
  { key: "hostname", name: "host name", values: { fixed: "fixed (cg-bench)", host: "the machine's" }, bothRecord: true },
  { key: "pythonResets", name: "Python interpreter resets", values: { true: "at each region", false: "none", undefined: "not Python" } },
  // Absent means lazy binding: a result from before cg-bench set LD_BIND_NOW for regions is not
  // comparable with one after (CPython 3.11: a region moved by ~650 instructions per first call).
  { key: "symbols", name: "symbol binding", values: { now: "at start (LD_BIND_NOW)", undefined: "lazy" } },
  { key: "devices", name: "device numbers of the filesystems Python reads", values: { undefined: "not recorded" } }
];
var ANOTHER_SEAL = "ran under another seal";
function sealDifference(base, head2) {
  if (!base && !head2) return void 0;
  if (!base || !head2) return `${ANOTHER_SEAL}: the ${base ? "head" : "baseline"} records none (measured by a cg-bench before seals were recorded)`;
  const differences = PARTS.filter(
    ({ key, bothRecord }) => base[key] !== head2[key] && !(bothRecord && (base[key] === void 0 || head2[key] === void 0))
  ).map(({ key, name, values }) => `${name}: ${values[String(base[key])] ?? String(base[key])} \u2192 ${values[String(head2[key])] ?? String(head2[key])}`);
  return differences.length ? `${ANOTHER_SEAL}: ${differences.join("; ")}` : void 0;
}

// src/compare/line-changes.ts
function keyed(lines) {
  const seen = /* @__PURE__ */ new Map();
  const out = /* @__PURE__ */ new Map();
  for (const l of [...lines].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line)) {
    const base = l.text !== void 0 ? `t\0${l.file}\0${l.text}` : `n\0${l.file}\0${l.line}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.set(`${base}\0${n}`, l);
  }
  return out;
}
function unrecordedAtMost2(lines) {
  return lines.length >= LINES_PER_FUNCTION ? lines.at(-1)?.estimatedCycles ?? 0 : 0;
}
function pairEdited(b, h) {
  const shifts = /* @__PURE__ */ new Map();
  for (const [key, hl] of h) {
    const bl = b.get(key);
    if (!bl) continue;
    const byShift = shifts.get(hl.file) ?? /* @__PURE__ */ new Map();
    byShift.set(hl.line - bl.line, (byShift.get(hl.line - bl.line) ?? 0) + 1);
    shifts.set(hl.file, byShift);
  }
  const shiftOf = (file) => [...shifts.get(file) ?? /* @__PURE__ */ new Map([[0, 0]])].sort((x, y) => y[1] - x[1] || Math.abs(x[0]) - Math.abs(y[0]))[0][0];
  const unmatchedBase = /* @__PURE__ */ new Map();
  for (const [key, bl] of b) if (!h.has(key)) unmatchedBase.set(`${bl.file}\0${bl.line}`, [key, bl]);
  const pairs = /* @__PURE__ */ new Map();
  for (const [key, hl] of h) {
    if (b.has(key)) continue;
    const found2 = unmatchedBase.get(`${hl.file}\0${hl.line - shiftOf(hl.file)}`);
    if (!found2) continue;
    pairs.set(key, found2[1]);
    b.delete(found2[0]);
  }
  return pairs;
}
function lineChanges(base, head2, top) {
  if (!base?.length || !head2?.length) return [];
  const b = keyed(base);
  const h = keyed(head2);
  const edited = pairEdited(b, h);
  const changes = [];
  const text2 = (l) => l.text !== void 0 ? { text: l.text } : {};
  for (const [key, hl] of h) {
    const bl = b.get(key) ?? edited.get(key);
    if (bl) {
      if (bl.estimatedCycles !== hl.estimatedCycles)
        changes.push({
          file: hl.file,
          line: hl.line,
          baseLine: bl.line,
          ...text2(hl),
          base: bl.estimatedCycles,
          head: hl.estimatedCycles,
          change: hl.estimatedCycles - bl.estimatedCycles
        });
      continue;
    }
    const atMost = unrecordedAtMost2(base);
    if (hl.estimatedCycles > atMost)
      changes.push({ file: hl.file, line: hl.line, baseLine: null, ...text2(hl), base: null, head: hl.estimatedCycles, change: hl.estimatedCycles - atMost });
  }
  for (const [key, bl] of b) {
    if (h.has(key)) continue;
    const atMost = unrecordedAtMost2(head2);
    if (bl.estimatedCycles > atMost)
      changes.push({ file: bl.file, line: bl.line, baseLine: bl.line, ...text2(bl), base: bl.estimatedCycles, head: null, change: atMost - bl.estimatedCycles });
  }
  return changes.sort((x, y) => Math.abs(y.change) - Math.abs(x.change) || x.file.localeCompare(y.file) || x.line - y.line).slice(0, top);
}

// src/compare/memory.ts
var figuresOf = (r) => r?.memory ? Object.fromEntries(HEAP_FIGURES.map((f) => [f, r.memory[f]])) : null;
function compareMemory(base, head2, notComparable) {
  const [b, h] = [figuresOf(base), figuresOf(head2)];
  if (!b && !h) return void 0;
  const thresholdPercent = head2.memory?.thresholdPercent ?? base.memory?.thresholdPercent ?? 0;
  const out = { thresholdPercent, base: b, head: h, change: null };
  if (!b) return { ...out, verdict: "not-comparable", notComparable: "the baseline has no memory figures (it was measured without memory: true)" };
  if (!h) return { ...out, verdict: "not-comparable", notComparable: "the head has no memory figures (measured without memory: true)" };
  const change = Object.fromEntries(HEAP_FIGURES.map((f) => [f, h[f] - b[f]]));
  if (notComparable) return { ...out, change, verdict: "not-comparable", notComparable };
  const beyond = (f) => change[f] !== 0 && (b[f] === 0 || Math.abs(change[f]) / b[f] * 100 > thresholdPercent);
  const moved = HEAP_FIGURES.filter(beyond);
  const verdict = moved.some((f) => change[f] > 0) ? "regression" : moved.length ? "improvement" : "unchanged";
  return { ...out, change, verdict };
}

// src/compare/compare.ts
var VERDICTS = ["regression", "improvement", "unchanged", "new", "removed", "failed", "not-comparable"];
var OTHER_FUNCTIONS_SHARE = 0.01;
function figuresOf2(base) {
  const { estimatedCycles: estimatedCycles2, events, hits, python } = base;
  return python ? { estimatedCycles: estimatedCycles2, events, hits, python } : { estimatedCycles: estimatedCycles2, events, hits };
}
function describeMetric(m) {
  return `I1=${m.cache.I1} D1=${m.cache.D1} LL=${m.cache.LL}; weights l1=${m.weights.l1} ll=${m.weights.ll} ram=${m.weights.ram}`;
}
function assertSameMetric(base, head2) {
  const a = describeMetric(base);
  const b = describeMetric(head2);
  if (a !== b) {
    throw new CgBenchError(`cannot compare: the baseline was measured with ${a}, the head with ${b}; measure both with the same cache and weights`);
  }
}
function missingAvx2(base, head2) {
  const x86 = (e2) => e2.cpu.features.length > 0;
  if (!x86(base) || !x86(head2)) return [];
  const has = (e2) => e2.cpu.features.includes("avx2");
  if (has(base) === has(head2)) return [];
  const [side, e] = has(base) ? ["head", head2] : ["baseline", base];
  const model = e.cpu.brand ? ` (Valgrind presents ${e.cpu.brand.trim()})` : "";
  return [
    `the ${side}'s host CPU has no AVX2${model}: glibc takes other code paths there, and counts differ from an AVX2 host's by 2\u201331 %; measure both on AVX2 hosts`
  ];
}
function environmentDifferences(base, head2) {
  const fields = [
    ["architecture", base.arch, head2.arch],
    // A result of a cg-bench that ran its measurements otherwise: absent on both sides compares as before.
    ["cg-bench's measurement method (measure both with one cg-bench)", base.method ?? "before 2", head2.method ?? "before 2"],
    ["Valgrind", base.valgrind, head2.valgrind],
    ["glibc", base.glibc, head2.glibc],
    ["OS", base.os, head2.os],
    ["Python", base.python, head2.python],
    ["workspace path", base.workspace, head2.workspace],
    ["simulated CPU hwcaps", base.cpu.hwcaps, head2.cpu.hwcaps],
    ["simulated CPU vendor", base.cpu.vendor, head2.cpu.vendor],
    ["simulated CPU model", base.cpu.brand, head2.cpu.brand],
    ["simulated CPU features", base.cpu.features.join(","), head2.cpu.features.join(",")]
  ];
  if (base.image.digest && head2.image.digest) fields.push(["image digest", base.image.digest, head2.image.digest]);
  if (base.host && head2.host) {
    const [b, h] = [base.host, head2.host];
    fields.push(
      ["glibc CPU dispatch (ld.so x86 state)", b.dispatch, h.dispatch],
      ["glibc platform", b.platform, h.platform],
      ["glibc hwcaps subdirectories", b.hwcapsActive, h.hwcapsActive],
      ["auxiliary vector entry types", b.auxvTypes, h.auxvTypes],
      ["online CPUs", b.cpusOnline, h.cpusOnline],
      ["possible CPUs", b.cpusPossible, h.cpusPossible],
      ["CPUs in the affinity mask", b.affinity, h.affinity]
    );
    if (b.loaderFiles !== void 0 && h.loaderFiles !== void 0)
      fields.push(["loader cache and preload list (/etc/ld.so.cache, /etc/ld.so.preload)", b.loaderFiles, h.loaderFiles]);
  }
  return [...missingAvx2(base, head2), ...fields.filter(([, a, b]) => a !== b).map(([name, a, b]) => `${name}: ${String(a)} \u2192 ${String(b)}`)];
}
function functionChanges(base, head2, top, topLines = 5) {
  const key = (f) => `${f.file}\0${f.fn}`;
  const baseByKey = new Map(base.functions.map((f) => [key(f), f]));
  const headByKey = new Map(head2.functions.map((f) => [key(f), f]));
  const changes = [];
  for (const h of head2.functions) {
    const b = baseByKey.get(key(h));
    if (b) {
      if (h.estimatedCycles !== b.estimatedCycles) {
        const lines = lineChanges(b.lines, h.lines, topLines);
        changes.push({
          fn: h.fn,
          file: h.file,
          base: b.estimatedCycles,
          head: h.estimatedCycles,
          change: h.estimatedCycles - b.estimatedCycles,
          ...lines.length ? { lines } : {}
        });
      }
      continue;
    }
    const atMost = unrecordedAtMost(base);
    if (h.estimatedCycles > atMost)
      changes.push({ fn: h.fn, file: h.file, base: null, head: h.estimatedCycles, change: h.estimatedCycles - atMost, unrecordedAtMost: atMost });
  }
  for (const b of base.functions) {
    if (headByKey.has(key(b))) continue;
    const atMost = unrecordedAtMost(head2);
    if (b.estimatedCycles > atMost)
      changes.push({ fn: b.fn, file: b.file, base: b.estimatedCycles, head: null, change: atMost - b.estimatedCycles, unrecordedAtMost: atMost });
  }
  return changes.sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.fn.localeCompare(b.fn) || a.file.localeCompare(b.file)).slice(0, top);
}
var functionKey = (f) => `${f.file}\0${f.fn}`;
function otherFunctions(base, head2, listed) {
  if (base.estimatedCycles === null || head2.estimatedCycles === null) return void 0;
  const change = head2.estimatedCycles - base.estimatedCycles;
  const rest = change - listed.reduce((sum, f) => sum + f.change, 0);
  if (rest === 0 || Math.abs(rest) <= Math.abs(change) * OTHER_FUNCTIONS_SHARE) return void 0;
  const side = (total, values) => values.every((v) => v !== null) ? total - values.reduce((sum, v) => sum + v, 0) : null;
  const shown = new Set(listed.map(functionKey));
  const baseCost = new Map(base.functions.map((f) => [functionKey(f), f.estimatedCycles]));
  const headCost = new Map(head2.functions.map((f) => [functionKey(f), f.estimatedCycles]));
  let count = 0;
  for (const key of /* @__PURE__ */ new Set([...baseCost.keys(), ...headCost.keys()])) if (!shown.has(key) && baseCost.get(key) !== headCost.get(key)) count++;
  const recorded = (r) => r.functions.reduce((sum, f) => sum + f.estimatedCycles, 0);
  const unrecorded = head2.estimatedCycles - recorded(head2) !== base.estimatedCycles - recorded(base);
  return {
    count,
    unrecorded,
    base: side(
      base.estimatedCycles,
      listed.map((f) => f.base)
    ),
    head: side(
      head2.estimatedCycles,
      listed.map((f) => f.head)
    ),
    change: rest
  };
}
function compareOne(name, base, head2, comparable, options) {
  const thresholdPercent = options.thresholdPercent ?? head2?.thresholdPercent ?? base?.thresholdPercent ?? 0;
  const out = {
    name,
    verdict: "unchanged",
    thresholdPercent,
    base: base && figuresOf2(base),
    head: head2,
    change: null,
    relative: null,
    functions: []
  };
  if (!head2) return { ...out, verdict: "removed" };
  if (head2.status !== "ok" || head2.estimatedCycles === null) return { ...out, verdict: "failed" };
  if (base?.status !== "ok" || base.estimatedCycles === null) return { ...out, verdict: "new" };
  const change = head2.estimatedCycles - base.estimatedCycles;
  const relative15 = base.estimatedCycles === 0 ? change === 0 ? 0 : Infinity : change / base.estimatedCycles;
  const functions = change === 0 ? [] : functionChanges(base, head2, options.topFunctions ?? 5, options.topLines ?? 5);
  const machineChanged = sealDifference(base.seal, head2.seal) ?? executableDifference(base.executables, head2.executables);
  let verdict = "unchanged";
  if (!comparable || machineChanged) verdict = "not-comparable";
  else if (change !== 0 && Math.abs(relative15) * 100 > thresholdPercent) verdict = change > 0 ? "regression" : "improvement";
  const memory = compareMemory(base, head2, machineChanged ?? (comparable ? void 0 : "the environments differ"));
  if (memory?.verdict === "regression" && verdict !== "not-comparable") verdict = "regression";
  else if (memory?.verdict === "improvement" && verdict === "unchanged") verdict = "improvement";
  const other = change === 0 ? void 0 : otherFunctions(base, head2, functions);
  return {
    ...out,
    verdict,
    change,
    relative: relative15,
    functions,
    ...other ? { otherFunctions: other } : {},
    ...machineChanged ? { notComparable: machineChanged } : {},
    ...memory ? { memory } : {}
  };
}
function compareResults(base, head2, options = {}) {
  const differences = environmentDifferences(base.environment, head2.environment);
  const comparable = differences.length === 0;
  const headsByName = /* @__PURE__ */ new Map();
  for (const h of head2.benchmarks) headsByName.set(h.name, [...headsByName.get(h.name) ?? [], h]);
  const compared = /* @__PURE__ */ new Map();
  const removed = [];
  for (const b of base.benchmarks) {
    const heads = headsByName.get(b.name);
    if (heads) for (const h of heads) compared.set(h, compareOne(h.name, b, h, comparable, options));
    else if (options.selected?.(b.name) ?? true) removed.push(compareOne(b.name, b, void 0, comparable, options));
  }
  assertSameMetric(base.environment, head2.environment);
  const benchmarks = [...head2.benchmarks.map((h) => compared.get(h) ?? compareOne(h.name, void 0, h, comparable, options)), ...removed];
  const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0]));
  for (const b of benchmarks) counts[b.verdict]++;
  return { comparable, differences, benchmarks, counts };
}
function baselineProblem(base, head2) {
  try {
    const c = compareResults(base, head2);
    if (!c.comparable) return `not comparable: ${c.differences.join("; ")}`;
    const sealed = c.benchmarks.find((b) => b.notComparable?.startsWith(ANOTHER_SEAL));
    return sealed ? `${sealed.name}: ${sealed.notComparable}` : void 0;
  } catch (error) {
    return errorMessage(error);
  }
}
function compareWithBaseline(base, head2, options) {
  if (!base) return {};
  try {
    return { comparison: compareResults(base, head2, options) };
  } catch (error) {
    return { problem: errorMessage(error) };
  }
}

// src/shard/merge.ts
function mergeShards(parts) {
  const [first] = parts;
  if (!first) throw new CgBenchError("cg-bench merge: no results given");
  const shardOf2 = (p) => {
    if (!p.results.shard) throw new CgBenchError(`${p.source}: not one part of a sharded run (no "shard"; it was measured without --shard)`);
    return p.results.shard;
  };
  const reference = shardOf2(first);
  const seen = /* @__PURE__ */ new Map();
  for (const part of parts) {
    const shard = shardOf2(part);
    if (shard.count !== reference.count)
      throw new CgBenchError(`${part.source}: part ${shard.index}/${shard.count}, but ${first.source} is one of ${reference.count} parts`);
    if (part.results.configHash !== first.results.configHash || JSON.stringify(shard.benchmarks) !== JSON.stringify(reference.benchmarks)) {
      throw new CgBenchError(`${part.source}: measured another configuration than ${first.source} (a different cg-bench.yml, commit or --filter)`);
    }
    const differences = environmentDifferences(first.results.environment, part.results.environment);
    if (differences.length || JSON.stringify(part.results.environment) !== JSON.stringify(first.results.environment)) {
      throw new CgBenchError(
        `${part.source}: measured on another machine or image than ${first.source}${differences.length ? ` (${differences.join("; ")})` : ""}; the parts of one run must come from the same image`
      );
    }
    const other = seen.get(shard.index);
    if (other !== void 0) throw new CgBenchError(`${part.source}: part ${shard.index}/${shard.count} again (also ${other})`);
    seen.set(shard.index, part.source);
  }
  const missing = Array.from({ length: reference.count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length)
    throw new CgBenchError(`cg-bench merge: part(s) ${missing.map((i) => `${i}/${reference.count}`).join(", ")} missing; give every part's results.json`);
  const byName2 = /* @__PURE__ */ new Map();
  for (const part of parts) {
    for (const result of part.results.benchmarks) {
      const other = byName2.get(result.name);
      if (other)
        throw new CgBenchError(
          `${part.source}: benchmark "${result.name}" was measured in two parts (also ${other.source}); the parts disagree on the split (give every part the same --durations)`
        );
      if (!reference.benchmarks.includes(result.name)) throw new CgBenchError(`${part.source}: benchmark "${result.name}" is not in the suite the parts name`);
      byName2.set(result.name, { result, source: part.source });
    }
  }
  const unmeasured = reference.benchmarks.filter((name) => !byName2.has(name));
  if (unmeasured.length)
    throw new CgBenchError(
      `cg-bench merge: no part measured ${unmeasured.map((n) => JSON.stringify(n)).join(", ")}; the parts disagree on the split (give every part the same --durations)`
    );
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: "cg-bench",
    createdAt: parts.map((p) => p.results.createdAt).sort().at(-1),
    configHash: first.results.configHash,
    environment: first.results.environment,
    benchmarks: reference.benchmarks.map((name) => byName2.get(name).result)
  };
}

// src/ci/baseline.ts
import { join as join25 } from "node:path";

// src/container/measurer.ts
import { chmodSync as chmodSync3, cpSync, existsSync as existsSync8, lstatSync as lstatSync10, mkdirSync as mkdirSync12, mkdtempSync as mkdtempSync3, readdirSync as readdirSync8, rmSync as rmSync13 } from "node:fs";
import { dirname as dirname13, join as join24, resolve as resolve8 } from "node:path";

// src/config/load.ts
var import_yaml = __toESM(require_dist(), 1);
import { createHash as createHash8 } from "node:crypto";
import { realpathSync as realpathSync9, statSync as statSync8 } from "node:fs";
import { dirname as dirname10, isAbsolute as isAbsolute7, relative as relative8, resolve as resolve7 } from "node:path";

// src/config/config-validator.generated.js
var import_ucs2length = __toESM(require_ucs2length(), 1);
var validateConfig = validate10;
var schema11 = { "$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://github.com/org/cg-bench/blob/v1/schemas/config.schema.json", "title": "cg-bench configuration (cg-bench.yml)", "type": "object", "additionalProperties": false, "required": ["benchmarks"], "properties": { "threshold": { "$ref": "#/definitions/threshold", "description": "Default change in estimated cycles beyond which a benchmark counts as a regression or improvement. Default 1%." }, "timeout": { "$ref": "#/definitions/duration", "description": "Default time limit of one benchmark under Cachegrind (which runs 12-43x slower than native). Default 10m." }, "setup-timeout": { "$ref": "#/definitions/duration", "description": "Time limit of each setup command; on expiry the command and everything it started are killed and cg-bench exits 3. Default: the top-level timeout." }, "cache": { "type": "object", "additionalProperties": false, "description": `Simulated cache geometry, as Valgrind's --I1/--D1/--LL take it: "size,associativity,line size" in bytes.`, "properties": { "I1": { "$ref": "#/definitions/cacheLevel" }, "D1": { "$ref": "#/definitions/cacheLevel" }, "LL": { "$ref": "#/definitions/cacheLevel" } } }, "weights": { "type": "object", "additionalProperties": false, "description": "Cost of one hit at each level in estimated cycles. Default l1 1, ll 5, ram 35.", "properties": { "l1": { "type": "number", "minimum": 0, "maximum": 1e6 }, "ll": { "type": "number", "minimum": 0, "maximum": 1e6 }, "ram": { "type": "number", "minimum": 0, "maximum": 1e6 } } }, "memory": { "type": "boolean", "description": "Default for every simulated benchmark: also measure its heap exactly, in a second run under Valgrind's DHAT (bytes and blocks allocated, peak live bytes, bytes live at exit; docs/memory.md). Default false." }, "memory-threshold": { "$ref": "#/definitions/threshold", "description": "Default change in a memory figure beyond which a benchmark counts as a regression or improvement. Default 0%: the figures are exact, so any change is one." }, "env": { "$ref": "#/definitions/env", "description": "Variables added to every benchmark's environment." }, "setup": { "type": "array", "description": "Commands run once, unmeasured, in the configuration file's directory before the benchmarks (builds).", "items": { "$ref": "#/definitions/command" } }, "network": { "type": "boolean", "description": "Give setup commands and benchmarks network access. Default false: they run with no network (docker run --network none, or a network namespace of their own), so pull-request code cannot send anything out." }, "setup-network": { "type": "boolean", "description": "Give setup commands network access (cargo build, pip install) while benchmarks still have none: they run in a network namespace of their own, which must then be made (or the run stops, unless CG_BENCH_SEAL=best-effort). Default false. network: true gives both." }, "cpus": { "enum": ["one", "all"], "description": `What benchmarks see of the CPUs. Default one: each measured run is pinned to one CPU and reads "0" in /sys/devices/system/cpu/online, possible and present, so the host's CPU count does not reach the count (where a mount namespace can be made; setup.log says). all: the host's CPUs, as recorded in results.json.` }, "benchmarks": { "type": "array", "minItems": 1, "items": { "$ref": "#/definitions/benchmark" } } }, "definitions": { "benchmark": { "type": "object", "additionalProperties": false, "required": ["name", "run"], "properties": { "name": { "type": "string", "minLength": 1, "maxLength": 100, "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]+$", "x-message": "must be one line of visible characters (no control, zero-width or bidi-override characters)" }, "run": { "$ref": "#/definitions/command" }, "env": { "$ref": "#/definitions/env" }, "cwd": { "type": "string", "minLength": 1, "description": "Working directory, relative to the configuration file's directory." }, "threshold": { "$ref": "#/definitions/threshold" }, "memory": { "type": "boolean", "description": "Also measure the heap exactly, in a second run under Valgrind's DHAT (docs/memory.md). Default: the top-level memory, else false. Simulated benchmarks only." }, "memory-threshold": { "$ref": "#/definitions/threshold" }, "timeout": { "$ref": "#/definitions/duration" }, "budget": { "$ref": "#/definitions/duration", "description": "Timed benchmarks only (mode: wallclock, cputime, counters): how long base and head are run alternately, warm-ups included (at least 10 pairs). Default 60s; at most 1h." }, "instrument": { "enum": ["whole", "region"], "description": "whole: count the whole process. region: count only between CACHEGRIND_START_INSTRUMENTATION and CACHEGRIND_STOP_INSTRUMENTATION (Valgrind >= 3.22)." }, "mode": { "enum": ["cachegrind", "wallclock", "cputime", "counters"], "description": "cachegrind (default): the simulated count, by cg-bench run. wallclock: native wall time, base and head run paired and interleaved by cg-bench paired. cputime: native user+system CPU time of the benchmark's processes, paired the same way (not the waits: less noise on a shared machine). counters: user-space instructions and cycles from the hardware counters (perf), paired the same way." } } }, "command": { "description": "A shell command (run by /bin/sh, which is measured too) or an argv list (run directly).", "type": ["string", "array"], "minLength": 1, "maxLength": 65536, "minItems": 1, "maxItems": 4096, "items": { "type": "string", "maxLength": 65536 }, "x-message": "must be a command string or a list of arguments" }, "env": { "type": "object", "propertyNames": { "pattern": "^[A-Za-z_][A-Za-z0-9_]*$", "x-message": "is not a valid variable name" }, "additionalProperties": { "type": ["string", "number", "boolean"] } }, "threshold": { "type": ["number", "string"], "minimum": 0, "maximum": 1e6, "pattern": "^[0-9]+(\\.[0-9]+)?[ ]?%$", "x-message": "is not a percentage (write 1% or 0.5%)" }, "duration": { "type": ["number", "string"], "exclusiveMinimum": 0, "maximum": 2147483, "pattern": "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$", "x-message": "is not a duration (write 90s, 10m or a number of seconds)" }, "cacheLevel": { "type": "string", "pattern": "^[0-9]+,[0-9]+,[0-9]+$", "x-message": 'is not "size,associativity,line size"' } } };
var schema12 = { "type": ["number", "string"], "minimum": 0, "maximum": 1e6, "pattern": "^[0-9]+(\\.[0-9]+)?[ ]?%$", "x-message": "is not a percentage (write 1% or 0.5%)" };
var schema13 = { "type": ["number", "string"], "exclusiveMinimum": 0, "maximum": 2147483, "pattern": "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$", "x-message": "is not a duration (write 90s, 10m or a number of seconds)" };
var schema15 = { "type": "string", "pattern": "^[0-9]+,[0-9]+,[0-9]+$", "x-message": 'is not "size,associativity,line size"' };
var schema19 = { "type": "object", "propertyNames": { "pattern": "^[A-Za-z_][A-Za-z0-9_]*$", "x-message": "is not a valid variable name" }, "additionalProperties": { "type": ["string", "number", "boolean"] } };
var schema20 = { "description": "A shell command (run by /bin/sh, which is measured too) or an argv list (run directly).", "type": ["string", "array"], "minLength": 1, "maxLength": 65536, "minItems": 1, "maxItems": 4096, "items": { "type": "string", "maxLength": 65536 }, "x-message": "must be a command string or a list of arguments" };
var func2 = Object.prototype.hasOwnProperty;
var func3 = import_ucs2length.default.default;
var pattern0 = new RegExp("^[0-9]+(\\.[0-9]+)?[ ]?%$", "u");
var pattern1 = new RegExp("^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$", "u");
var pattern3 = new RegExp("^[0-9]+,[0-9]+,[0-9]+$", "u");
var pattern7 = new RegExp("^[A-Za-z_][A-Za-z0-9_]*$", "u");
var schema21 = { "type": "object", "additionalProperties": false, "required": ["name", "run"], "properties": { "name": { "type": "string", "minLength": 1, "maxLength": 100, "pattern": "^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]+$", "x-message": "must be one line of visible characters (no control, zero-width or bidi-override characters)" }, "run": { "$ref": "#/definitions/command" }, "env": { "$ref": "#/definitions/env" }, "cwd": { "type": "string", "minLength": 1, "description": "Working directory, relative to the configuration file's directory." }, "threshold": { "$ref": "#/definitions/threshold" }, "memory": { "type": "boolean", "description": "Also measure the heap exactly, in a second run under Valgrind's DHAT (docs/memory.md). Default: the top-level memory, else false. Simulated benchmarks only." }, "memory-threshold": { "$ref": "#/definitions/threshold" }, "timeout": { "$ref": "#/definitions/duration" }, "budget": { "$ref": "#/definitions/duration", "description": "Timed benchmarks only (mode: wallclock, cputime, counters): how long base and head are run alternately, warm-ups included (at least 10 pairs). Default 60s; at most 1h." }, "instrument": { "enum": ["whole", "region"], "description": "whole: count the whole process. region: count only between CACHEGRIND_START_INSTRUMENTATION and CACHEGRIND_STOP_INSTRUMENTATION (Valgrind >= 3.22)." }, "mode": { "enum": ["cachegrind", "wallclock", "cputime", "counters"], "description": "cachegrind (default): the simulated count, by cg-bench run. wallclock: native wall time, base and head run paired and interleaved by cg-bench paired. cputime: native user+system CPU time of the benchmark's processes, paired the same way (not the waits: less noise on a shared machine). counters: user-space instructions and cycles from the hardware counters (perf), paired the same way." } } };
var pattern8 = new RegExp("^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]+$", "u");
function validate11(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.name === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "name" }, message: "must have required property 'name'", schema: schema21.required, parentSchema: schema21, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    if (data.run === void 0) {
      const err1 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "run" }, message: "must have required property 'run'", schema: schema21.required, parentSchema: schema21, data };
      if (vErrors === null) {
        vErrors = [err1];
      } else {
        vErrors.push(err1);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func2.call(schema21.properties, key0)) {
        const err2 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema21, data };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
    }
    if (data.name !== void 0) {
      let data0 = data.name;
      if (typeof data0 === "string") {
        if (func3(data0) > 100) {
          const err3 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/maxLength", keyword: "maxLength", params: { limit: 100 }, message: "must NOT have more than 100 characters", schema: 100, parentSchema: schema21.properties.name, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        if (func3(data0) < 1) {
          const err4 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema21.properties.name, data: data0 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
        if (!pattern8.test(data0)) {
          const err5 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/pattern", keyword: "pattern", params: { pattern: "^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]+$" }, message: 'must match pattern "^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]+$"', schema: "^[^\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]+$", parentSchema: schema21.properties.name, data: data0 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      } else {
        const err6 = { instancePath: instancePath + "/name", schemaPath: "#/properties/name/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema21.properties.name.type, parentSchema: schema21.properties.name, data: data0 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
    }
    if (data.run !== void 0) {
      let data1 = data.run;
      if (typeof data1 !== "string" && !Array.isArray(data1)) {
        const err7 = { instancePath: instancePath + "/run", schemaPath: "#/definitions/command/type", keyword: "type", params: { type: schema20.type }, message: "must be string,array", schema: schema20.type, parentSchema: schema20, data: data1 };
        if (vErrors === null) {
          vErrors = [err7];
        } else {
          vErrors.push(err7);
        }
        errors++;
      }
      if (typeof data1 === "string") {
        if (func3(data1) > 65536) {
          const err8 = { instancePath: instancePath + "/run", schemaPath: "#/definitions/command/maxLength", keyword: "maxLength", params: { limit: 65536 }, message: "must NOT have more than 65536 characters", schema: 65536, parentSchema: schema20, data: data1 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
        if (func3(data1) < 1) {
          const err9 = { instancePath: instancePath + "/run", schemaPath: "#/definitions/command/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema20, data: data1 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
      if (Array.isArray(data1)) {
        if (data1.length > 4096) {
          const err10 = { instancePath: instancePath + "/run", schemaPath: "#/definitions/command/maxItems", keyword: "maxItems", params: { limit: 4096 }, message: "must NOT have more than 4096 items", schema: 4096, parentSchema: schema20, data: data1 };
          if (vErrors === null) {
            vErrors = [err10];
          } else {
            vErrors.push(err10);
          }
          errors++;
        }
        if (data1.length < 1) {
          const err11 = { instancePath: instancePath + "/run", schemaPath: "#/definitions/command/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema20, data: data1 };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
        const len0 = data1.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data2 = data1[i0];
          if (typeof data2 === "string") {
            if (func3(data2) > 65536) {
              const err12 = { instancePath: instancePath + "/run/" + i0, schemaPath: "#/definitions/command/items/maxLength", keyword: "maxLength", params: { limit: 65536 }, message: "must NOT have more than 65536 characters", schema: 65536, parentSchema: schema20.items, data: data2 };
              if (vErrors === null) {
                vErrors = [err12];
              } else {
                vErrors.push(err12);
              }
              errors++;
            }
          } else {
            const err13 = { instancePath: instancePath + "/run/" + i0, schemaPath: "#/definitions/command/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema20.items.type, parentSchema: schema20.items, data: data2 };
            if (vErrors === null) {
              vErrors = [err13];
            } else {
              vErrors.push(err13);
            }
            errors++;
          }
        }
      }
    }
    if (data.env !== void 0) {
      let data3 = data.env;
      if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
        for (const key1 in data3) {
          const _errs14 = errors;
          if (typeof key1 === "string") {
            if (!pattern7.test(key1)) {
              const err14 = { instancePath: instancePath + "/env", schemaPath: "#/definitions/env/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z_][A-Za-z0-9_]*$" }, message: 'must match pattern "^[A-Za-z_][A-Za-z0-9_]*$"', schema: "^[A-Za-z_][A-Za-z0-9_]*$", parentSchema: schema19.propertyNames, data: key1, propertyName: key1 };
              if (vErrors === null) {
                vErrors = [err14];
              } else {
                vErrors.push(err14);
              }
              errors++;
            }
          }
          var valid5 = _errs14 === errors;
          if (!valid5) {
            const err15 = { instancePath: instancePath + "/env", schemaPath: "#/definitions/env/propertyNames", keyword: "propertyNames", params: { propertyName: key1 }, message: "property name must be valid", schema: schema19.propertyNames, parentSchema: schema19, data: data3 };
            if (vErrors === null) {
              vErrors = [err15];
            } else {
              vErrors.push(err15);
            }
            errors++;
          }
        }
        for (const key2 in data3) {
          let data4 = data3[key2];
          if (typeof data4 !== "string" && !(typeof data4 == "number" && isFinite(data4)) && typeof data4 !== "boolean") {
            const err16 = { instancePath: instancePath + "/env/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/env/additionalProperties/type", keyword: "type", params: { type: schema19.additionalProperties.type }, message: "must be string,number,boolean", schema: schema19.additionalProperties.type, parentSchema: schema19.additionalProperties, data: data4 };
            if (vErrors === null) {
              vErrors = [err16];
            } else {
              vErrors.push(err16);
            }
            errors++;
          }
        }
      } else {
        const err17 = { instancePath: instancePath + "/env", schemaPath: "#/definitions/env/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema19.type, parentSchema: schema19, data: data3 };
        if (vErrors === null) {
          vErrors = [err17];
        } else {
          vErrors.push(err17);
        }
        errors++;
      }
    }
    if (data.cwd !== void 0) {
      let data5 = data.cwd;
      if (typeof data5 === "string") {
        if (func3(data5) < 1) {
          const err18 = { instancePath: instancePath + "/cwd", schemaPath: "#/properties/cwd/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema21.properties.cwd, data: data5 };
          if (vErrors === null) {
            vErrors = [err18];
          } else {
            vErrors.push(err18);
          }
          errors++;
        }
      } else {
        const err19 = { instancePath: instancePath + "/cwd", schemaPath: "#/properties/cwd/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema21.properties.cwd.type, parentSchema: schema21.properties.cwd, data: data5 };
        if (vErrors === null) {
          vErrors = [err19];
        } else {
          vErrors.push(err19);
        }
        errors++;
      }
    }
    if (data.threshold !== void 0) {
      let data6 = data.threshold;
      if (!(typeof data6 == "number" && isFinite(data6)) && typeof data6 !== "string") {
        const err20 = { instancePath: instancePath + "/threshold", schemaPath: "#/definitions/threshold/type", keyword: "type", params: { type: schema12.type }, message: "must be number,string", schema: schema12.type, parentSchema: schema12, data: data6 };
        if (vErrors === null) {
          vErrors = [err20];
        } else {
          vErrors.push(err20);
        }
        errors++;
      }
      if (typeof data6 == "number" && isFinite(data6)) {
        if (data6 > 1e6 || isNaN(data6)) {
          const err21 = { instancePath: instancePath + "/threshold", schemaPath: "#/definitions/threshold/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e6 }, message: "must be <= 1000000", schema: 1e6, parentSchema: schema12, data: data6 };
          if (vErrors === null) {
            vErrors = [err21];
          } else {
            vErrors.push(err21);
          }
          errors++;
        }
        if (data6 < 0 || isNaN(data6)) {
          const err22 = { instancePath: instancePath + "/threshold", schemaPath: "#/definitions/threshold/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema12, data: data6 };
          if (vErrors === null) {
            vErrors = [err22];
          } else {
            vErrors.push(err22);
          }
          errors++;
        }
      }
      if (typeof data6 === "string") {
        if (!pattern0.test(data6)) {
          const err23 = { instancePath: instancePath + "/threshold", schemaPath: "#/definitions/threshold/pattern", keyword: "pattern", params: { pattern: "^[0-9]+(\\.[0-9]+)?[ ]?%$" }, message: 'must match pattern "^[0-9]+(\\.[0-9]+)?[ ]?%$"', schema: "^[0-9]+(\\.[0-9]+)?[ ]?%$", parentSchema: schema12, data: data6 };
          if (vErrors === null) {
            vErrors = [err23];
          } else {
            vErrors.push(err23);
          }
          errors++;
        }
      }
    }
    if (data.memory !== void 0) {
      let data7 = data.memory;
      if (typeof data7 !== "boolean") {
        const err24 = { instancePath: instancePath + "/memory", schemaPath: "#/properties/memory/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema21.properties.memory.type, parentSchema: schema21.properties.memory, data: data7 };
        if (vErrors === null) {
          vErrors = [err24];
        } else {
          vErrors.push(err24);
        }
        errors++;
      }
    }
    if (data["memory-threshold"] !== void 0) {
      let data8 = data["memory-threshold"];
      if (!(typeof data8 == "number" && isFinite(data8)) && typeof data8 !== "string") {
        const err25 = { instancePath: instancePath + "/memory-threshold", schemaPath: "#/definitions/threshold/type", keyword: "type", params: { type: schema12.type }, message: "must be number,string", schema: schema12.type, parentSchema: schema12, data: data8 };
        if (vErrors === null) {
          vErrors = [err25];
        } else {
          vErrors.push(err25);
        }
        errors++;
      }
      if (typeof data8 == "number" && isFinite(data8)) {
        if (data8 > 1e6 || isNaN(data8)) {
          const err26 = { instancePath: instancePath + "/memory-threshold", schemaPath: "#/definitions/threshold/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e6 }, message: "must be <= 1000000", schema: 1e6, parentSchema: schema12, data: data8 };
          if (vErrors === null) {
            vErrors = [err26];
          } else {
            vErrors.push(err26);
          }
          errors++;
        }
        if (data8 < 0 || isNaN(data8)) {
          const err27 = { instancePath: instancePath + "/memory-threshold", schemaPath: "#/definitions/threshold/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema12, data: data8 };
          if (vErrors === null) {
            vErrors = [err27];
          } else {
            vErrors.push(err27);
          }
          errors++;
        }
      }
      if (typeof data8 === "string") {
        if (!pattern0.test(data8)) {
          const err28 = { instancePath: instancePath + "/memory-threshold", schemaPath: "#/definitions/threshold/pattern", keyword: "pattern", params: { pattern: "^[0-9]+(\\.[0-9]+)?[ ]?%$" }, message: 'must match pattern "^[0-9]+(\\.[0-9]+)?[ ]?%$"', schema: "^[0-9]+(\\.[0-9]+)?[ ]?%$", parentSchema: schema12, data: data8 };
          if (vErrors === null) {
            vErrors = [err28];
          } else {
            vErrors.push(err28);
          }
          errors++;
        }
      }
    }
    if (data.timeout !== void 0) {
      let data9 = data.timeout;
      if (!(typeof data9 == "number" && isFinite(data9)) && typeof data9 !== "string") {
        const err29 = { instancePath: instancePath + "/timeout", schemaPath: "#/definitions/duration/type", keyword: "type", params: { type: schema13.type }, message: "must be number,string", schema: schema13.type, parentSchema: schema13, data: data9 };
        if (vErrors === null) {
          vErrors = [err29];
        } else {
          vErrors.push(err29);
        }
        errors++;
      }
      if (typeof data9 == "number" && isFinite(data9)) {
        if (data9 > 2147483 || isNaN(data9)) {
          const err30 = { instancePath: instancePath + "/timeout", schemaPath: "#/definitions/duration/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483 }, message: "must be <= 2147483", schema: 2147483, parentSchema: schema13, data: data9 };
          if (vErrors === null) {
            vErrors = [err30];
          } else {
            vErrors.push(err30);
          }
          errors++;
        }
        if (data9 <= 0 || isNaN(data9)) {
          const err31 = { instancePath: instancePath + "/timeout", schemaPath: "#/definitions/duration/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema13, data: data9 };
          if (vErrors === null) {
            vErrors = [err31];
          } else {
            vErrors.push(err31);
          }
          errors++;
        }
      }
      if (typeof data9 === "string") {
        if (!pattern1.test(data9)) {
          const err32 = { instancePath: instancePath + "/timeout", schemaPath: "#/definitions/duration/pattern", keyword: "pattern", params: { pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$" }, message: 'must match pattern "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$"', schema: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$", parentSchema: schema13, data: data9 };
          if (vErrors === null) {
            vErrors = [err32];
          } else {
            vErrors.push(err32);
          }
          errors++;
        }
      }
    }
    if (data.budget !== void 0) {
      let data10 = data.budget;
      if (!(typeof data10 == "number" && isFinite(data10)) && typeof data10 !== "string") {
        const err33 = { instancePath: instancePath + "/budget", schemaPath: "#/definitions/duration/type", keyword: "type", params: { type: schema13.type }, message: "must be number,string", schema: schema13.type, parentSchema: schema13, data: data10 };
        if (vErrors === null) {
          vErrors = [err33];
        } else {
          vErrors.push(err33);
        }
        errors++;
      }
      if (typeof data10 == "number" && isFinite(data10)) {
        if (data10 > 2147483 || isNaN(data10)) {
          const err34 = { instancePath: instancePath + "/budget", schemaPath: "#/definitions/duration/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483 }, message: "must be <= 2147483", schema: 2147483, parentSchema: schema13, data: data10 };
          if (vErrors === null) {
            vErrors = [err34];
          } else {
            vErrors.push(err34);
          }
          errors++;
        }
        if (data10 <= 0 || isNaN(data10)) {
          const err35 = { instancePath: instancePath + "/budget", schemaPath: "#/definitions/duration/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema13, data: data10 };
          if (vErrors === null) {
            vErrors = [err35];
          } else {
            vErrors.push(err35);
          }
          errors++;
        }
      }
      if (typeof data10 === "string") {
        if (!pattern1.test(data10)) {
          const err36 = { instancePath: instancePath + "/budget", schemaPath: "#/definitions/duration/pattern", keyword: "pattern", params: { pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$" }, message: 'must match pattern "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$"', schema: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$", parentSchema: schema13, data: data10 };
          if (vErrors === null) {
            vErrors = [err36];
          } else {
            vErrors.push(err36);
          }
          errors++;
        }
      }
    }
    if (data.instrument !== void 0) {
      let data11 = data.instrument;
      if (!(data11 === "whole" || data11 === "region")) {
        const err37 = { instancePath: instancePath + "/instrument", schemaPath: "#/properties/instrument/enum", keyword: "enum", params: { allowedValues: schema21.properties.instrument.enum }, message: "must be equal to one of the allowed values", schema: schema21.properties.instrument.enum, parentSchema: schema21.properties.instrument, data: data11 };
        if (vErrors === null) {
          vErrors = [err37];
        } else {
          vErrors.push(err37);
        }
        errors++;
      }
    }
    if (data.mode !== void 0) {
      let data12 = data.mode;
      if (!(data12 === "cachegrind" || data12 === "wallclock" || data12 === "cputime" || data12 === "counters")) {
        const err38 = { instancePath: instancePath + "/mode", schemaPath: "#/properties/mode/enum", keyword: "enum", params: { allowedValues: schema21.properties.mode.enum }, message: "must be equal to one of the allowed values", schema: schema21.properties.mode.enum, parentSchema: schema21.properties.mode, data: data12 };
        if (vErrors === null) {
          vErrors = [err38];
        } else {
          vErrors.push(err38);
        }
        errors++;
      }
    }
  } else {
    const err39 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema21.type, parentSchema: schema21, data };
    if (vErrors === null) {
      vErrors = [err39];
    } else {
      vErrors.push(err39);
    }
    errors++;
  }
  validate11.errors = vErrors;
  return errors === 0;
}
function validate10(data, { instancePath = "", parentData, parentDataProperty, rootData = data } = {}) {
  ;
  let vErrors = null;
  let errors = 0;
  if (data && typeof data == "object" && !Array.isArray(data)) {
    if (data.benchmarks === void 0) {
      const err0 = { instancePath, schemaPath: "#/required", keyword: "required", params: { missingProperty: "benchmarks" }, message: "must have required property 'benchmarks'", schema: schema11.required, parentSchema: schema11, data };
      if (vErrors === null) {
        vErrors = [err0];
      } else {
        vErrors.push(err0);
      }
      errors++;
    }
    for (const key0 in data) {
      if (!func2.call(schema11.properties, key0)) {
        const err1 = { instancePath, schemaPath: "#/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key0 }, message: "must NOT have additional properties", schema: false, parentSchema: schema11, data };
        if (vErrors === null) {
          vErrors = [err1];
        } else {
          vErrors.push(err1);
        }
        errors++;
      }
    }
    if (data.threshold !== void 0) {
      let data0 = data.threshold;
      if (!(typeof data0 == "number" && isFinite(data0)) && typeof data0 !== "string") {
        const err2 = { instancePath: instancePath + "/threshold", schemaPath: "#/definitions/threshold/type", keyword: "type", params: { type: schema12.type }, message: "must be number,string", schema: schema12.type, parentSchema: schema12, data: data0 };
        if (vErrors === null) {
          vErrors = [err2];
        } else {
          vErrors.push(err2);
        }
        errors++;
      }
      if (typeof data0 == "number" && isFinite(data0)) {
        if (data0 > 1e6 || isNaN(data0)) {
          const err3 = { instancePath: instancePath + "/threshold", schemaPath: "#/definitions/threshold/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e6 }, message: "must be <= 1000000", schema: 1e6, parentSchema: schema12, data: data0 };
          if (vErrors === null) {
            vErrors = [err3];
          } else {
            vErrors.push(err3);
          }
          errors++;
        }
        if (data0 < 0 || isNaN(data0)) {
          const err4 = { instancePath: instancePath + "/threshold", schemaPath: "#/definitions/threshold/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema12, data: data0 };
          if (vErrors === null) {
            vErrors = [err4];
          } else {
            vErrors.push(err4);
          }
          errors++;
        }
      }
      if (typeof data0 === "string") {
        if (!pattern0.test(data0)) {
          const err5 = { instancePath: instancePath + "/threshold", schemaPath: "#/definitions/threshold/pattern", keyword: "pattern", params: { pattern: "^[0-9]+(\\.[0-9]+)?[ ]?%$" }, message: 'must match pattern "^[0-9]+(\\.[0-9]+)?[ ]?%$"', schema: "^[0-9]+(\\.[0-9]+)?[ ]?%$", parentSchema: schema12, data: data0 };
          if (vErrors === null) {
            vErrors = [err5];
          } else {
            vErrors.push(err5);
          }
          errors++;
        }
      }
    }
    if (data.timeout !== void 0) {
      let data1 = data.timeout;
      if (!(typeof data1 == "number" && isFinite(data1)) && typeof data1 !== "string") {
        const err6 = { instancePath: instancePath + "/timeout", schemaPath: "#/definitions/duration/type", keyword: "type", params: { type: schema13.type }, message: "must be number,string", schema: schema13.type, parentSchema: schema13, data: data1 };
        if (vErrors === null) {
          vErrors = [err6];
        } else {
          vErrors.push(err6);
        }
        errors++;
      }
      if (typeof data1 == "number" && isFinite(data1)) {
        if (data1 > 2147483 || isNaN(data1)) {
          const err7 = { instancePath: instancePath + "/timeout", schemaPath: "#/definitions/duration/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483 }, message: "must be <= 2147483", schema: 2147483, parentSchema: schema13, data: data1 };
          if (vErrors === null) {
            vErrors = [err7];
          } else {
            vErrors.push(err7);
          }
          errors++;
        }
        if (data1 <= 0 || isNaN(data1)) {
          const err8 = { instancePath: instancePath + "/timeout", schemaPath: "#/definitions/duration/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema13, data: data1 };
          if (vErrors === null) {
            vErrors = [err8];
          } else {
            vErrors.push(err8);
          }
          errors++;
        }
      }
      if (typeof data1 === "string") {
        if (!pattern1.test(data1)) {
          const err9 = { instancePath: instancePath + "/timeout", schemaPath: "#/definitions/duration/pattern", keyword: "pattern", params: { pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$" }, message: 'must match pattern "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$"', schema: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$", parentSchema: schema13, data: data1 };
          if (vErrors === null) {
            vErrors = [err9];
          } else {
            vErrors.push(err9);
          }
          errors++;
        }
      }
    }
    if (data["setup-timeout"] !== void 0) {
      let data2 = data["setup-timeout"];
      if (!(typeof data2 == "number" && isFinite(data2)) && typeof data2 !== "string") {
        const err10 = { instancePath: instancePath + "/setup-timeout", schemaPath: "#/definitions/duration/type", keyword: "type", params: { type: schema13.type }, message: "must be number,string", schema: schema13.type, parentSchema: schema13, data: data2 };
        if (vErrors === null) {
          vErrors = [err10];
        } else {
          vErrors.push(err10);
        }
        errors++;
      }
      if (typeof data2 == "number" && isFinite(data2)) {
        if (data2 > 2147483 || isNaN(data2)) {
          const err11 = { instancePath: instancePath + "/setup-timeout", schemaPath: "#/definitions/duration/maximum", keyword: "maximum", params: { comparison: "<=", limit: 2147483 }, message: "must be <= 2147483", schema: 2147483, parentSchema: schema13, data: data2 };
          if (vErrors === null) {
            vErrors = [err11];
          } else {
            vErrors.push(err11);
          }
          errors++;
        }
        if (data2 <= 0 || isNaN(data2)) {
          const err12 = { instancePath: instancePath + "/setup-timeout", schemaPath: "#/definitions/duration/exclusiveMinimum", keyword: "exclusiveMinimum", params: { comparison: ">", limit: 0 }, message: "must be > 0", schema: 0, parentSchema: schema13, data: data2 };
          if (vErrors === null) {
            vErrors = [err12];
          } else {
            vErrors.push(err12);
          }
          errors++;
        }
      }
      if (typeof data2 === "string") {
        if (!pattern1.test(data2)) {
          const err13 = { instancePath: instancePath + "/setup-timeout", schemaPath: "#/definitions/duration/pattern", keyword: "pattern", params: { pattern: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$" }, message: 'must match pattern "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$"', schema: "^[0-9]+(\\.[0-9]+)?(ms|s|m|h)$", parentSchema: schema13, data: data2 };
          if (vErrors === null) {
            vErrors = [err13];
          } else {
            vErrors.push(err13);
          }
          errors++;
        }
      }
    }
    if (data.cache !== void 0) {
      let data3 = data.cache;
      if (data3 && typeof data3 == "object" && !Array.isArray(data3)) {
        for (const key1 in data3) {
          if (!(key1 === "I1" || key1 === "D1" || key1 === "LL")) {
            const err14 = { instancePath: instancePath + "/cache", schemaPath: "#/properties/cache/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key1 }, message: "must NOT have additional properties", schema: false, parentSchema: schema11.properties.cache, data: data3 };
            if (vErrors === null) {
              vErrors = [err14];
            } else {
              vErrors.push(err14);
            }
            errors++;
          }
        }
        if (data3.I1 !== void 0) {
          let data4 = data3.I1;
          if (typeof data4 === "string") {
            if (!pattern3.test(data4)) {
              const err15 = { instancePath: instancePath + "/cache/I1", schemaPath: "#/definitions/cacheLevel/pattern", keyword: "pattern", params: { pattern: "^[0-9]+,[0-9]+,[0-9]+$" }, message: 'must match pattern "^[0-9]+,[0-9]+,[0-9]+$"', schema: "^[0-9]+,[0-9]+,[0-9]+$", parentSchema: schema15, data: data4 };
              if (vErrors === null) {
                vErrors = [err15];
              } else {
                vErrors.push(err15);
              }
              errors++;
            }
          } else {
            const err16 = { instancePath: instancePath + "/cache/I1", schemaPath: "#/definitions/cacheLevel/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema15.type, parentSchema: schema15, data: data4 };
            if (vErrors === null) {
              vErrors = [err16];
            } else {
              vErrors.push(err16);
            }
            errors++;
          }
        }
        if (data3.D1 !== void 0) {
          let data5 = data3.D1;
          if (typeof data5 === "string") {
            if (!pattern3.test(data5)) {
              const err17 = { instancePath: instancePath + "/cache/D1", schemaPath: "#/definitions/cacheLevel/pattern", keyword: "pattern", params: { pattern: "^[0-9]+,[0-9]+,[0-9]+$" }, message: 'must match pattern "^[0-9]+,[0-9]+,[0-9]+$"', schema: "^[0-9]+,[0-9]+,[0-9]+$", parentSchema: schema15, data: data5 };
              if (vErrors === null) {
                vErrors = [err17];
              } else {
                vErrors.push(err17);
              }
              errors++;
            }
          } else {
            const err18 = { instancePath: instancePath + "/cache/D1", schemaPath: "#/definitions/cacheLevel/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema15.type, parentSchema: schema15, data: data5 };
            if (vErrors === null) {
              vErrors = [err18];
            } else {
              vErrors.push(err18);
            }
            errors++;
          }
        }
        if (data3.LL !== void 0) {
          let data6 = data3.LL;
          if (typeof data6 === "string") {
            if (!pattern3.test(data6)) {
              const err19 = { instancePath: instancePath + "/cache/LL", schemaPath: "#/definitions/cacheLevel/pattern", keyword: "pattern", params: { pattern: "^[0-9]+,[0-9]+,[0-9]+$" }, message: 'must match pattern "^[0-9]+,[0-9]+,[0-9]+$"', schema: "^[0-9]+,[0-9]+,[0-9]+$", parentSchema: schema15, data: data6 };
              if (vErrors === null) {
                vErrors = [err19];
              } else {
                vErrors.push(err19);
              }
              errors++;
            }
          } else {
            const err20 = { instancePath: instancePath + "/cache/LL", schemaPath: "#/definitions/cacheLevel/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema15.type, parentSchema: schema15, data: data6 };
            if (vErrors === null) {
              vErrors = [err20];
            } else {
              vErrors.push(err20);
            }
            errors++;
          }
        }
      } else {
        const err21 = { instancePath: instancePath + "/cache", schemaPath: "#/properties/cache/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema11.properties.cache.type, parentSchema: schema11.properties.cache, data: data3 };
        if (vErrors === null) {
          vErrors = [err21];
        } else {
          vErrors.push(err21);
        }
        errors++;
      }
    }
    if (data.weights !== void 0) {
      let data7 = data.weights;
      if (data7 && typeof data7 == "object" && !Array.isArray(data7)) {
        for (const key2 in data7) {
          if (!(key2 === "l1" || key2 === "ll" || key2 === "ram")) {
            const err22 = { instancePath: instancePath + "/weights", schemaPath: "#/properties/weights/additionalProperties", keyword: "additionalProperties", params: { additionalProperty: key2 }, message: "must NOT have additional properties", schema: false, parentSchema: schema11.properties.weights, data: data7 };
            if (vErrors === null) {
              vErrors = [err22];
            } else {
              vErrors.push(err22);
            }
            errors++;
          }
        }
        if (data7.l1 !== void 0) {
          let data8 = data7.l1;
          if (typeof data8 == "number" && isFinite(data8)) {
            if (data8 > 1e6 || isNaN(data8)) {
              const err23 = { instancePath: instancePath + "/weights/l1", schemaPath: "#/properties/weights/properties/l1/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e6 }, message: "must be <= 1000000", schema: 1e6, parentSchema: schema11.properties.weights.properties.l1, data: data8 };
              if (vErrors === null) {
                vErrors = [err23];
              } else {
                vErrors.push(err23);
              }
              errors++;
            }
            if (data8 < 0 || isNaN(data8)) {
              const err24 = { instancePath: instancePath + "/weights/l1", schemaPath: "#/properties/weights/properties/l1/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema11.properties.weights.properties.l1, data: data8 };
              if (vErrors === null) {
                vErrors = [err24];
              } else {
                vErrors.push(err24);
              }
              errors++;
            }
          } else {
            const err25 = { instancePath: instancePath + "/weights/l1", schemaPath: "#/properties/weights/properties/l1/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.weights.properties.l1.type, parentSchema: schema11.properties.weights.properties.l1, data: data8 };
            if (vErrors === null) {
              vErrors = [err25];
            } else {
              vErrors.push(err25);
            }
            errors++;
          }
        }
        if (data7.ll !== void 0) {
          let data9 = data7.ll;
          if (typeof data9 == "number" && isFinite(data9)) {
            if (data9 > 1e6 || isNaN(data9)) {
              const err26 = { instancePath: instancePath + "/weights/ll", schemaPath: "#/properties/weights/properties/ll/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e6 }, message: "must be <= 1000000", schema: 1e6, parentSchema: schema11.properties.weights.properties.ll, data: data9 };
              if (vErrors === null) {
                vErrors = [err26];
              } else {
                vErrors.push(err26);
              }
              errors++;
            }
            if (data9 < 0 || isNaN(data9)) {
              const err27 = { instancePath: instancePath + "/weights/ll", schemaPath: "#/properties/weights/properties/ll/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema11.properties.weights.properties.ll, data: data9 };
              if (vErrors === null) {
                vErrors = [err27];
              } else {
                vErrors.push(err27);
              }
              errors++;
            }
          } else {
            const err28 = { instancePath: instancePath + "/weights/ll", schemaPath: "#/properties/weights/properties/ll/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.weights.properties.ll.type, parentSchema: schema11.properties.weights.properties.ll, data: data9 };
            if (vErrors === null) {
              vErrors = [err28];
            } else {
              vErrors.push(err28);
            }
            errors++;
          }
        }
        if (data7.ram !== void 0) {
          let data10 = data7.ram;
          if (typeof data10 == "number" && isFinite(data10)) {
            if (data10 > 1e6 || isNaN(data10)) {
              const err29 = { instancePath: instancePath + "/weights/ram", schemaPath: "#/properties/weights/properties/ram/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e6 }, message: "must be <= 1000000", schema: 1e6, parentSchema: schema11.properties.weights.properties.ram, data: data10 };
              if (vErrors === null) {
                vErrors = [err29];
              } else {
                vErrors.push(err29);
              }
              errors++;
            }
            if (data10 < 0 || isNaN(data10)) {
              const err30 = { instancePath: instancePath + "/weights/ram", schemaPath: "#/properties/weights/properties/ram/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema11.properties.weights.properties.ram, data: data10 };
              if (vErrors === null) {
                vErrors = [err30];
              } else {
                vErrors.push(err30);
              }
              errors++;
            }
          } else {
            const err31 = { instancePath: instancePath + "/weights/ram", schemaPath: "#/properties/weights/properties/ram/type", keyword: "type", params: { type: "number" }, message: "must be number", schema: schema11.properties.weights.properties.ram.type, parentSchema: schema11.properties.weights.properties.ram, data: data10 };
            if (vErrors === null) {
              vErrors = [err31];
            } else {
              vErrors.push(err31);
            }
            errors++;
          }
        }
      } else {
        const err32 = { instancePath: instancePath + "/weights", schemaPath: "#/properties/weights/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema11.properties.weights.type, parentSchema: schema11.properties.weights, data: data7 };
        if (vErrors === null) {
          vErrors = [err32];
        } else {
          vErrors.push(err32);
        }
        errors++;
      }
    }
    if (data.memory !== void 0) {
      let data11 = data.memory;
      if (typeof data11 !== "boolean") {
        const err33 = { instancePath: instancePath + "/memory", schemaPath: "#/properties/memory/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema11.properties.memory.type, parentSchema: schema11.properties.memory, data: data11 };
        if (vErrors === null) {
          vErrors = [err33];
        } else {
          vErrors.push(err33);
        }
        errors++;
      }
    }
    if (data["memory-threshold"] !== void 0) {
      let data12 = data["memory-threshold"];
      if (!(typeof data12 == "number" && isFinite(data12)) && typeof data12 !== "string") {
        const err34 = { instancePath: instancePath + "/memory-threshold", schemaPath: "#/definitions/threshold/type", keyword: "type", params: { type: schema12.type }, message: "must be number,string", schema: schema12.type, parentSchema: schema12, data: data12 };
        if (vErrors === null) {
          vErrors = [err34];
        } else {
          vErrors.push(err34);
        }
        errors++;
      }
      if (typeof data12 == "number" && isFinite(data12)) {
        if (data12 > 1e6 || isNaN(data12)) {
          const err35 = { instancePath: instancePath + "/memory-threshold", schemaPath: "#/definitions/threshold/maximum", keyword: "maximum", params: { comparison: "<=", limit: 1e6 }, message: "must be <= 1000000", schema: 1e6, parentSchema: schema12, data: data12 };
          if (vErrors === null) {
            vErrors = [err35];
          } else {
            vErrors.push(err35);
          }
          errors++;
        }
        if (data12 < 0 || isNaN(data12)) {
          const err36 = { instancePath: instancePath + "/memory-threshold", schemaPath: "#/definitions/threshold/minimum", keyword: "minimum", params: { comparison: ">=", limit: 0 }, message: "must be >= 0", schema: 0, parentSchema: schema12, data: data12 };
          if (vErrors === null) {
            vErrors = [err36];
          } else {
            vErrors.push(err36);
          }
          errors++;
        }
      }
      if (typeof data12 === "string") {
        if (!pattern0.test(data12)) {
          const err37 = { instancePath: instancePath + "/memory-threshold", schemaPath: "#/definitions/threshold/pattern", keyword: "pattern", params: { pattern: "^[0-9]+(\\.[0-9]+)?[ ]?%$" }, message: 'must match pattern "^[0-9]+(\\.[0-9]+)?[ ]?%$"', schema: "^[0-9]+(\\.[0-9]+)?[ ]?%$", parentSchema: schema12, data: data12 };
          if (vErrors === null) {
            vErrors = [err37];
          } else {
            vErrors.push(err37);
          }
          errors++;
        }
      }
    }
    if (data.env !== void 0) {
      let data13 = data.env;
      if (data13 && typeof data13 == "object" && !Array.isArray(data13)) {
        for (const key3 in data13) {
          const _errs47 = errors;
          if (typeof key3 === "string") {
            if (!pattern7.test(key3)) {
              const err38 = { instancePath: instancePath + "/env", schemaPath: "#/definitions/env/propertyNames/pattern", keyword: "pattern", params: { pattern: "^[A-Za-z_][A-Za-z0-9_]*$" }, message: 'must match pattern "^[A-Za-z_][A-Za-z0-9_]*$"', schema: "^[A-Za-z_][A-Za-z0-9_]*$", parentSchema: schema19.propertyNames, data: key3, propertyName: key3 };
              if (vErrors === null) {
                vErrors = [err38];
              } else {
                vErrors.push(err38);
              }
              errors++;
            }
          }
          var valid11 = _errs47 === errors;
          if (!valid11) {
            const err39 = { instancePath: instancePath + "/env", schemaPath: "#/definitions/env/propertyNames", keyword: "propertyNames", params: { propertyName: key3 }, message: "property name must be valid", schema: schema19.propertyNames, parentSchema: schema19, data: data13 };
            if (vErrors === null) {
              vErrors = [err39];
            } else {
              vErrors.push(err39);
            }
            errors++;
          }
        }
        for (const key4 in data13) {
          let data14 = data13[key4];
          if (typeof data14 !== "string" && !(typeof data14 == "number" && isFinite(data14)) && typeof data14 !== "boolean") {
            const err40 = { instancePath: instancePath + "/env/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"), schemaPath: "#/definitions/env/additionalProperties/type", keyword: "type", params: { type: schema19.additionalProperties.type }, message: "must be string,number,boolean", schema: schema19.additionalProperties.type, parentSchema: schema19.additionalProperties, data: data14 };
            if (vErrors === null) {
              vErrors = [err40];
            } else {
              vErrors.push(err40);
            }
            errors++;
          }
        }
      } else {
        const err41 = { instancePath: instancePath + "/env", schemaPath: "#/definitions/env/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema19.type, parentSchema: schema19, data: data13 };
        if (vErrors === null) {
          vErrors = [err41];
        } else {
          vErrors.push(err41);
        }
        errors++;
      }
    }
    if (data.setup !== void 0) {
      let data15 = data.setup;
      if (Array.isArray(data15)) {
        const len0 = data15.length;
        for (let i0 = 0; i0 < len0; i0++) {
          let data16 = data15[i0];
          if (typeof data16 !== "string" && !Array.isArray(data16)) {
            const err42 = { instancePath: instancePath + "/setup/" + i0, schemaPath: "#/definitions/command/type", keyword: "type", params: { type: schema20.type }, message: "must be string,array", schema: schema20.type, parentSchema: schema20, data: data16 };
            if (vErrors === null) {
              vErrors = [err42];
            } else {
              vErrors.push(err42);
            }
            errors++;
          }
          if (typeof data16 === "string") {
            if (func3(data16) > 65536) {
              const err43 = { instancePath: instancePath + "/setup/" + i0, schemaPath: "#/definitions/command/maxLength", keyword: "maxLength", params: { limit: 65536 }, message: "must NOT have more than 65536 characters", schema: 65536, parentSchema: schema20, data: data16 };
              if (vErrors === null) {
                vErrors = [err43];
              } else {
                vErrors.push(err43);
              }
              errors++;
            }
            if (func3(data16) < 1) {
              const err44 = { instancePath: instancePath + "/setup/" + i0, schemaPath: "#/definitions/command/minLength", keyword: "minLength", params: { limit: 1 }, message: "must NOT have fewer than 1 characters", schema: 1, parentSchema: schema20, data: data16 };
              if (vErrors === null) {
                vErrors = [err44];
              } else {
                vErrors.push(err44);
              }
              errors++;
            }
          }
          if (Array.isArray(data16)) {
            if (data16.length > 4096) {
              const err45 = { instancePath: instancePath + "/setup/" + i0, schemaPath: "#/definitions/command/maxItems", keyword: "maxItems", params: { limit: 4096 }, message: "must NOT have more than 4096 items", schema: 4096, parentSchema: schema20, data: data16 };
              if (vErrors === null) {
                vErrors = [err45];
              } else {
                vErrors.push(err45);
              }
              errors++;
            }
            if (data16.length < 1) {
              const err46 = { instancePath: instancePath + "/setup/" + i0, schemaPath: "#/definitions/command/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema20, data: data16 };
              if (vErrors === null) {
                vErrors = [err46];
              } else {
                vErrors.push(err46);
              }
              errors++;
            }
            const len1 = data16.length;
            for (let i1 = 0; i1 < len1; i1++) {
              let data17 = data16[i1];
              if (typeof data17 === "string") {
                if (func3(data17) > 65536) {
                  const err47 = { instancePath: instancePath + "/setup/" + i0 + "/" + i1, schemaPath: "#/definitions/command/items/maxLength", keyword: "maxLength", params: { limit: 65536 }, message: "must NOT have more than 65536 characters", schema: 65536, parentSchema: schema20.items, data: data17 };
                  if (vErrors === null) {
                    vErrors = [err47];
                  } else {
                    vErrors.push(err47);
                  }
                  errors++;
                }
              } else {
                const err48 = { instancePath: instancePath + "/setup/" + i0 + "/" + i1, schemaPath: "#/definitions/command/items/type", keyword: "type", params: { type: "string" }, message: "must be string", schema: schema20.items.type, parentSchema: schema20.items, data: data17 };
                if (vErrors === null) {
                  vErrors = [err48];
                } else {
                  vErrors.push(err48);
                }
                errors++;
              }
            }
          }
        }
      } else {
        const err49 = { instancePath: instancePath + "/setup", schemaPath: "#/properties/setup/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema11.properties.setup.type, parentSchema: schema11.properties.setup, data: data15 };
        if (vErrors === null) {
          vErrors = [err49];
        } else {
          vErrors.push(err49);
        }
        errors++;
      }
    }
    if (data.network !== void 0) {
      let data18 = data.network;
      if (typeof data18 !== "boolean") {
        const err50 = { instancePath: instancePath + "/network", schemaPath: "#/properties/network/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema11.properties.network.type, parentSchema: schema11.properties.network, data: data18 };
        if (vErrors === null) {
          vErrors = [err50];
        } else {
          vErrors.push(err50);
        }
        errors++;
      }
    }
    if (data["setup-network"] !== void 0) {
      let data19 = data["setup-network"];
      if (typeof data19 !== "boolean") {
        const err51 = { instancePath: instancePath + "/setup-network", schemaPath: "#/properties/setup-network/type", keyword: "type", params: { type: "boolean" }, message: "must be boolean", schema: schema11.properties["setup-network"].type, parentSchema: schema11.properties["setup-network"], data: data19 };
        if (vErrors === null) {
          vErrors = [err51];
        } else {
          vErrors.push(err51);
        }
        errors++;
      }
    }
    if (data.cpus !== void 0) {
      let data20 = data.cpus;
      if (!(data20 === "one" || data20 === "all")) {
        const err52 = { instancePath: instancePath + "/cpus", schemaPath: "#/properties/cpus/enum", keyword: "enum", params: { allowedValues: schema11.properties.cpus.enum }, message: "must be equal to one of the allowed values", schema: schema11.properties.cpus.enum, parentSchema: schema11.properties.cpus, data: data20 };
        if (vErrors === null) {
          vErrors = [err52];
        } else {
          vErrors.push(err52);
        }
        errors++;
      }
    }
    if (data.benchmarks !== void 0) {
      let data21 = data.benchmarks;
      if (Array.isArray(data21)) {
        if (data21.length < 1) {
          const err53 = { instancePath: instancePath + "/benchmarks", schemaPath: "#/properties/benchmarks/minItems", keyword: "minItems", params: { limit: 1 }, message: "must NOT have fewer than 1 items", schema: 1, parentSchema: schema11.properties.benchmarks, data: data21 };
          if (vErrors === null) {
            vErrors = [err53];
          } else {
            vErrors.push(err53);
          }
          errors++;
        }
        const len2 = data21.length;
        for (let i2 = 0; i2 < len2; i2++) {
          if (!validate11(data21[i2], { instancePath: instancePath + "/benchmarks/" + i2, parentData: data21, parentDataProperty: i2, rootData })) {
            vErrors = vErrors === null ? validate11.errors : vErrors.concat(validate11.errors);
            errors = vErrors.length;
          }
        }
      } else {
        const err54 = { instancePath: instancePath + "/benchmarks", schemaPath: "#/properties/benchmarks/type", keyword: "type", params: { type: "array" }, message: "must be array", schema: schema11.properties.benchmarks.type, parentSchema: schema11.properties.benchmarks, data: data21 };
        if (vErrors === null) {
          vErrors = [err54];
        } else {
          vErrors.push(err54);
        }
        errors++;
      }
    }
  } else {
    const err55 = { instancePath, schemaPath: "#/type", keyword: "type", params: { type: "object" }, message: "must be object", schema: schema11.type, parentSchema: schema11, data };
    if (vErrors === null) {
      vErrors = [err55];
    } else {
      vErrors.push(err55);
    }
    errors++;
  }
  validate10.errors = vErrors;
  return errors === 0;
}

// src/config/values.ts
function parsePercent(value) {
  return typeof value === "number" ? value : Number(value.replace(/\s*%$/, ""));
}
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function parseDuration(value) {
  if (typeof value === "number") return value * 1e3;
  const match = /^([0-9.]+)(ms|s|m|h)$/.exec(value);
  if (!match) throw new Error(`not a duration: ${value}`);
  return Number(match[1]) * UNIT_MS[match[2]];
}
var MIN_LINE_SIZE = 16;
var MAX_CACHE_NUMBER = 2 ** 31 - 1;
var isPowerOfTwo = (n) => Number.isSafeInteger(n) && n > 0 && (n & n - 1) === 0;
function cacheLevelProblem(spec) {
  const [size, assoc, line] = spec.split(",").map(Number);
  if (![size, assoc, line].every((n) => Number.isSafeInteger(n) && n > 0)) return "size, associativity and line size must be positive whole numbers";
  const tooLarge2 = [size, assoc, line].find((n) => n > MAX_CACHE_NUMBER);
  if (tooLarge2 !== void 0)
    return `${tooLarge2} is larger than Valgrind takes (${MAX_CACHE_NUMBER}, the largest C int; the largest power-of-two size is 1073741824, 1 GiB)`;
  if (!isPowerOfTwo(line)) return `line size ${line} is not a power of two`;
  if (line < MIN_LINE_SIZE) return `line size ${line} is below Valgrind's minimum of ${MIN_LINE_SIZE}`;
  if (size <= line) return `size ${size} must be larger than the line size ${line}`;
  if (assoc > size / line) return `associativity ${assoc} is more than size \xF7 line size (${size / line})`;
  if (size % (assoc * line) !== 0 || !isPowerOfTwo(size / (assoc * line))) {
    return `size \xF7 (associativity \xD7 line size) = ${size / (assoc * line)} sets; Valgrind needs a power of two (e.g. ${assoc * line * 2 ** Math.max(0, Math.round(Math.log2(size / (assoc * line))))})`;
  }
  return void 0;
}

// src/config/types.ts
var DEFAULT_CACHE = {
  I1: "32768,8,64",
  D1: "32768,8,64",
  LL: "8388608,16,64"
};
var DEFAULT_WEIGHTS = { l1: 1, ll: 5, ram: 35 };
var DEFAULT_THRESHOLD_PERCENT = 1;
var DEFAULT_MEMORY_THRESHOLD_PERCENT = 0;
var DEFAULT_TIMEOUT_MS = 10 * 6e4;
var DEFAULT_BUDGET_MS = 6e4;
var MAX_BUDGET_MS = 36e5;
var DEFAULT_CONFIG_FILE = "cg-bench.yml";

// src/config/load.ts
var CONFIG_LIMIT = MiB;
var MAX_TIMEOUT_MS = 2 ** 31 - 1;
var validateConfig2 = validateConfig;
function located(file, doc, lines, problem) {
  for (let n = problem.segments.length; n >= 0; n--) {
    const parent = n > 0 ? doc.getIn(problem.segments.slice(0, n - 1), true) : void 0;
    const pair = (0, import_yaml.isMap)(parent) ? parent.items.find((p) => (0, import_yaml.isScalar)(p.key) && p.key.value === problem.segments[n - 1]) : void 0;
    const node = (0, import_yaml.isScalar)(pair?.key) ? pair.key : doc.getIn(problem.segments.slice(0, n), true);
    if ((0, import_yaml.isNode)(node) && node.range) {
      const { line, col } = lines.linePos(node.range[0]);
      return `${file}:${line}:${col}: ${problem.path}: ${problem.message}`;
    }
  }
  return `${file}: ${problem.path}: ${problem.message}`;
}
var FLOW_VALUE = /^\s*(?:-\s+)*(?:[^\s#'"{[][^#]*?:\s+)?[{[]/;
var QUOTE_FLOW = ` (YAML reads a value beginning with { or [ as an inline mapping or list: to mean text, put the whole value in quotes, "{\u2026} \u2026")`;
function writtenAsFlowMap(doc, segments) {
  const node = doc.getIn(segments, true);
  return (0, import_yaml.isMap)(node) && node.flow === true;
}
function fail(messages) {
  const head2 = messages.length === 1 ? "invalid configuration" : `${messages.length} problems in the configuration`;
  throw new CgBenchError(`${head2}:
${messages.map((m) => `  ${m}`).join("\n")}`);
}
function stringEnv(env) {
  return Object.fromEntries(Object.entries(env ?? {}).map(([k, v]) => [k, String(v)]));
}
function containsItself(value, path = /* @__PURE__ */ new Set()) {
  if (typeof value !== "object" || value === null) return false;
  if (path.has(value)) return true;
  path.add(value);
  const found2 = Object.values(value).some((v) => containsItself(v, path));
  path.delete(value);
  return found2;
}
function nulCharacters(value, segments = []) {
  if (typeof value === "string") return value.includes("\0") ? [segments] : [];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const here = [...segments, Array.isArray(value) ? Number(key) : key];
    return key.includes("\0") ? [here] : nulCharacters(v, here);
  });
}
function fieldPath(segments) {
  const shown = segments.map((s, i) => typeof s === "number" ? `[${s}]` : i === 0 ? s : `.${s}`).join("");
  return shown.replaceAll("\0", "\\0") || "(top level)";
}
function parseConfig(text2, file) {
  const shown = shownPath(file);
  const lines = new import_yaml.LineCounter();
  const doc = (0, import_yaml.parseDocument)(text2, { lineCounter: lines, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) {
    fail(
      doc.errors.map((e) => {
        const pos = e.linePos?.[0];
        const line = pos ? text2.split("\n")[pos.line - 1] ?? "" : "";
        return `${shown}${pos ? `:${pos.line}:${pos.col}` : ""}: YAML: ${e.message.split("\n")[0]}${FLOW_VALUE.test(line) ? QUOTE_FLOW : ""}`;
      })
    );
  }
  let data;
  try {
    data = doc.toJS({ maxAliasCount: 1e3 });
  } catch (error) {
    fail([`${shown}: YAML: ${errorMessage(error)} (too many aliases: expand them, or use fewer)`]);
  }
  if (data === null || data === void 0) fail([`${shown}: the file is empty; it needs at least a "benchmarks:" list`]);
  if (containsItself(data))
    fail([`${shown}: YAML: an alias (*name) is inside the value its anchor (&name) marks, so that value would contain itself; write it out instead`]);
  const withNul = nulCharacters(data);
  if (withNul.length)
    fail(
      withNul.map(
        (segments) => located(shown, doc, lines, {
          segments,
          path: fieldPath(segments),
          message: 'holds a NUL character ("\\0"), which no command, argument or variable can carry: remove it'
        })
      )
    );
  if (!validateConfig2(data)) {
    fail(schemaProblems(validateConfig2).map((p) => located(shown, doc, lines, p) + (writtenAsFlowMap(doc, p.segments) ? QUOTE_FLOW : "")));
  }
  const raw = data;
  const root = absolutePath(dirname10(file), "configuration directory");
  const problems = [];
  const where2 = (segments, path, message) => located(shown, doc, lines, { segments, path, message });
  const cache = { ...DEFAULT_CACHE, ...raw.cache };
  for (const level of ["I1", "D1", "LL"]) {
    const problem = cacheLevelProblem(cache[level]);
    if (problem) problems.push(where2(["cache", level], `cache.${level}`, `"${cache[level]}": ${problem}`));
  }
  const weights = { ...DEFAULT_WEIGHTS, ...raw.weights };
  if (weights.l1 + weights.ll + weights.ram === 0)
    problems.push(where2(["weights"], "weights", "all three weights are 0: every benchmark would cost 0 and no change could be seen"));
  const finite = (value, segments, path, what) => {
    if (typeof value === "number" && !Number.isFinite(value)) problems.push(where2(segments, path, `${String(value)} is not ${what}`));
  };
  finite(raw.threshold, ["threshold"], "threshold", "a percentage (write 1% or 0.5%)");
  finite(raw["memory-threshold"], ["memory-threshold"], "memory-threshold", "a percentage (write 0% or 0.5%)");
  finite(raw.timeout, ["timeout"], "timeout", "a duration (write 90s, 10m or a number of seconds)");
  for (const level of ["l1", "ll", "ram"]) finite(raw.weights?.[level], ["weights", level], `weights.${level}`, "a number of cycles");
  const longest = (value, segments, path) => {
    if (value !== void 0 && parseDuration(value) > MAX_TIMEOUT_MS)
      problems.push(where2(segments, path, `"${value}" is longer than cg-bench can wait (24 days)`));
  };
  longest(raw.timeout, ["timeout"], "timeout");
  longest(raw["setup-timeout"], ["setup-timeout"], "setup-timeout");
  const defaultThreshold = raw.threshold === void 0 ? DEFAULT_THRESHOLD_PERCENT : parsePercent(raw.threshold);
  const defaultMemoryThreshold = raw["memory-threshold"] === void 0 ? DEFAULT_MEMORY_THRESHOLD_PERCENT : parsePercent(raw["memory-threshold"]);
  const defaultTimeout = raw.timeout === void 0 ? DEFAULT_TIMEOUT_MS : parseDuration(raw.timeout);
  const globalEnv = stringEnv(raw.env);
  const valgrindVariables = (env, segments, path) => {
    for (const key of Object.keys(env ?? {}).filter((k) => /^VALGRIND_/.test(k))) {
      problems.push(
        where2(
          [...segments, key],
          `${path}.${key}`,
          `Valgrind's own variables cannot be set: they would change what is counted; cg-bench sets Valgrind's options itself`
        )
      );
    }
  };
  valgrindVariables(raw.env, ["env"], "env");
  const seen = /* @__PURE__ */ new Map();
  const benchmarks = raw.benchmarks.map((b, i) => {
    const first = seen.get(b.name);
    if (first !== void 0) {
      problems.push(where2(["benchmarks", i, "name"], `benchmarks[${i}].name`, `"${b.name}" is already the name of benchmarks[${first}]; names must be unique`));
    } else seen.set(b.name, i);
    const hidden = hiddenCharacter(b.name);
    if (hidden) {
      problems.push(
        where2(
          ["benchmarks", i, "name"],
          `benchmarks[${i}].name`,
          `has ${hidden} in it: a name must be one line of visible characters (no control, zero-width, bidi-override or other invisible characters), or two names could look the same`
        )
      );
    }
    const cwd = realDirectory(resolveFrom(root, b.cwd ?? "."));
    if (b.cwd !== void 0) {
      const problem = cwdProblem(cwd, realDirectory(root));
      if (problem)
        problems.push(
          where2(
            ["benchmarks", i, "cwd"],
            `benchmarks[${i}].cwd`,
            `benchmark "${b.name}": "${b.cwd}" ${problem} (relative to the configuration's directory ${shownPath(root)})`
          )
        );
    }
    valgrindVariables(b.env, ["benchmarks", i, "env"], `benchmarks[${i}].env`);
    finite(b.threshold, ["benchmarks", i, "threshold"], `benchmarks[${i}].threshold`, "a percentage (write 1% or 0.5%)");
    finite(b["memory-threshold"], ["benchmarks", i, "memory-threshold"], `benchmarks[${i}].memory-threshold`, "a percentage (write 0% or 0.5%)");
    if (b.memory === true && (b.mode ?? "cachegrind") !== "cachegrind") {
      problems.push(
        where2(
          ["benchmarks", i, "memory"],
          `benchmarks[${i}].memory`,
          `benchmark "${b.name}": only simulated benchmarks (mode: cachegrind) have memory figures; a timed benchmark runs natively, not under Valgrind`
        )
      );
    }
    finite(b.timeout, ["benchmarks", i, "timeout"], `benchmarks[${i}].timeout`, "a duration (write 90s, 10m or a number of seconds)");
    longest(b.timeout, ["benchmarks", i, "timeout"], `benchmarks[${i}].timeout`);
    finite(b.budget, ["benchmarks", i, "budget"], `benchmarks[${i}].budget`, "a duration (write 30s or 2m)");
    if (b.budget !== void 0 && (b.mode ?? "cachegrind") === "cachegrind") {
      problems.push(
        where2(
          ["benchmarks", i, "budget"],
          `benchmarks[${i}].budget`,
          "only timed benchmarks (mode: wallclock, cputime or counters) have a budget; a simulated count is made once"
        )
      );
    } else if (b.budget !== void 0 && !(parseDuration(b.budget) > 0 && parseDuration(b.budget) <= MAX_BUDGET_MS)) {
      problems.push(where2(["benchmarks", i, "budget"], `benchmarks[${i}].budget`, `"${b.budget}" is not a duration from 1ms to 1h`));
    }
    if (typeof b.run !== "string" && b.run[0] === "") {
      problems.push(where2(["benchmarks", i, "run", 0], `benchmarks[${i}].run[0]`, "the program name must not be empty"));
    }
    if (typeof b.run === "string" && !b.run.trim()) {
      problems.push(where2(["benchmarks", i, "run"], `benchmarks[${i}].run`, "must not be blank"));
    }
    return {
      name: b.name,
      run: b.run,
      cwd,
      env: { ...globalEnv, ...stringEnv(b.env) },
      thresholdPercent: b.threshold === void 0 ? defaultThreshold : parsePercent(b.threshold),
      // The suite's default reaches simulated benchmarks only: a timed one runs natively.
      memory: (b.mode ?? "cachegrind") === "cachegrind" && (b.memory ?? raw.memory ?? false),
      memoryThresholdPercent: b["memory-threshold"] === void 0 ? defaultMemoryThreshold : parsePercent(b["memory-threshold"]),
      timeoutMs: b.timeout === void 0 ? defaultTimeout : parseDuration(b.timeout),
      instrument: b.instrument ?? "whole",
      mode: b.mode ?? "cachegrind",
      budgetMs: b.budget === void 0 ? DEFAULT_BUDGET_MS : parseDuration(b.budget)
    };
  });
  if (problems.length) fail(problems);
  const setup = raw.setup ?? [];
  const setupTimeoutMs = raw["setup-timeout"] === void 0 ? defaultTimeout : parseDuration(raw["setup-timeout"]);
  const hash = createHash8("sha256").update(
    JSON.stringify({
      setup,
      cache,
      weights,
      benchmarks: benchmarks.map((b) => [b.name, b.run, relative8(root, b.cwd), b.env, b.instrument, ...b.memory ? ["memory"] : []])
    })
  ).digest("hex");
  return {
    file,
    root,
    setup,
    setupTimeoutMs,
    network: raw.network ?? false,
    setupNetwork: raw["setup-network"] ?? false,
    cpus: raw.cpus ?? "one",
    // Setup with network and benchmarks without is kept only by a network namespace: required as a written `network: false` is.
    sealRequired: { noNetwork: raw.network === false || raw["setup-network"] === true && raw.network !== true, oneCpu: raw.cpus === "one" },
    cache,
    weights,
    benchmarks,
    hash
  };
}
var HIDDEN = new RegExp("[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}\\u2800\\ufffd]|(?! )\\p{White_Space}", "u");
function hiddenCharacter(name) {
  const match = HIDDEN.exec(name);
  if (!match) return void 0;
  const code = `U+${match[0].codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  return match[0] === "\uFFFD" ? `${code} (bytes that are not UTF-8 read as U+FFFD?)` : code;
}
function readConfigText(root, file) {
  return readTextBeneath(root, file, CONFIG_LIMIT, "configuration", shownPath(resolve7(root, file)));
}
function realDirectory(path) {
  try {
    return realpathSync9(path);
  } catch {
    return path;
  }
}
function cwdProblem(cwd, root) {
  let isDirectory;
  try {
    isDirectory = statSync8(cwd).isDirectory();
  } catch {
    return "does not exist";
  }
  if (!isDirectory) return "is not a directory";
  const path = relative8(root, cwd);
  if (path === ".." || path.startsWith("../") || isAbsolute7(path))
    return `is outside the project: a benchmark runs in the configuration's directory or below it`;
  return void 0;
}
function loadConfig(file, root = dirname10(file)) {
  const absolute = absolutePath(file, "configuration file");
  let text2;
  try {
    text2 = readConfigText(root, absolute);
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    const code = error.code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : String(code ?? error);
    throw new CgBenchError(
      `cannot read configuration ${shownPath(absolute)}: ${why}${code === "ENOENT" ? ' (create a cg-bench.yml with a "benchmarks:" list, or pass --config FILE)' : ""}`
    );
  }
  return parseConfig(text2, realpathSync9(absolute));
}

// src/engine/measure.ts
import { accessSync as accessSync4, constants as constants8, existsSync as existsSync6, mkdirSync as mkdirSync10, rmSync as rmSync11, statSync as statSync9 } from "node:fs";
import { dirname as dirname12, relative as relative11, sep as sep6 } from "node:path";

// src/flame/graphs.ts
import { mkdirSync as mkdirSync8 } from "node:fs";

// src/flame/inclusive.ts
function inclusiveCosts(tree) {
  const costs = /* @__PURE__ */ new Map();
  const onChain = /* @__PURE__ */ new Map();
  const visit = (node) => {
    onChain.set(node.name, (onChain.get(node.name) ?? 0) + 1);
    const total = node.self + node.children.reduce((sum, c) => sum + visit(c), 0);
    const depth = onChain.get(node.name) - 1;
    if (depth === 0) onChain.delete(node.name);
    else onChain.set(node.name, depth);
    if (depth === 0) costs.set(node.name, (costs.get(node.name) ?? 0) + total);
    return total;
  };
  for (const node of tree) visit(node);
  return costs;
}
var MAX_CALLERS = 10;
function inclusiveFigures(c, before, after) {
  if (!c.functions.length) return void 0;
  const base = inclusiveCosts(before);
  const head2 = inclusiveCosts(after);
  const listed = new Set(c.functions.map((f) => f.fn));
  const callers = [.../* @__PURE__ */ new Set([...base.keys(), ...head2.keys()])].filter((fn) => !listed.has(fn)).map((fn) => ({ fn, base: base.get(fn) ?? 0, head: head2.get(fn) ?? 0 })).filter((f) => f.head !== f.base).sort((a, b) => Math.abs(b.head - b.base) - Math.abs(a.head - a.base) || a.head - b.head || (a.fn < b.fn ? -1 : a.fn > b.fn ? 1 : 0)).slice(0, MAX_CALLERS);
  return { functions: [...listed].map((fn) => ({ fn, base: base.get(fn) ?? 0, head: head2.get(fn) ?? 0 })), callers };
}
function withInclusiveFigures(comparison, figures) {
  return {
    ...comparison,
    benchmarks: comparison.benchmarks.map((c) => {
      const found2 = figures.get(c.name);
      if (!found2 || !c.functions.length) return c;
      const byName2 = new Map(found2.functions.map((f) => [f.fn, { base: f.base, head: f.head }]));
      return {
        ...c,
        functions: c.functions.map((f) => {
          const inclusive = byName2.get(f.fn);
          return inclusive ? { ...f, inclusive } : f;
        }),
        ...found2.callers.length ? { callers: found2.callers } : {}
      };
    })
  };
}
function withInclusiveCosts(comparison, baseDir, headDir) {
  const baseTrees = callTreesIn(baseDir);
  const headTrees = callTreesIn(headDir);
  const figures = /* @__PURE__ */ new Map();
  for (const c of comparison.benchmarks) {
    const before = baseTrees.get(c.name);
    const after = headTrees.get(c.name);
    const found2 = before && after ? inclusiveFigures(c, before.tree, after.tree) : void 0;
    if (found2) figures.set(c.name, found2);
  }
  return withInclusiveFigures(comparison, figures);
}
var MAX_NAME = 4096;
var MAX_LISTED = 200;
var isCount3 = (v) => typeof v === "number" && Number.isFinite(v) && v >= 0;
function parseInclusiveFigures(data, shown) {
  const bad = (what) => new CgBenchError(`${shown}: ${what}`);
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw bad("not an object of benchmarks");
  const figures = /* @__PURE__ */ new Map();
  const list = (v, at, max) => {
    if (!Array.isArray(v) || v.length > max) throw bad(`${at}: not a list of at most ${max}`);
    return v.map((f, i) => {
      const r = typeof f === "object" && f !== null ? f : {};
      if (typeof r["fn"] !== "string" || r["fn"].length > MAX_NAME || !isCount3(r["base"]) || !isCount3(r["head"]))
        throw bad(`${at}[${i}]: not {fn, base, head}`);
      return { fn: r["fn"], base: r["base"], head: r["head"] };
    });
  };
  for (const [name, value] of Object.entries(data)) {
    const v = typeof value === "object" && value !== null ? value : {};
    figures.set(name, { functions: list(v["functions"], `${name}.functions`, MAX_LISTED), callers: list(v["callers"], `${name}.callers`, MAX_CALLERS) });
  }
  return figures;
}

// src/history/svg.ts
var WIDTH = 760;
var PANEL = 126;
var LEFT = 90;
var RIGHT = 44;
var TOP = 34;
var PLOT = 62;
var HEADER = 40;
var FOOTER = 56;
var LABEL_CHARS = 12;
var CHAR_WIDTH = 6.5;
var COLOUR = { regression: "#d1242f", improvement: "#1a7f37", "not-comparable": "#9a6700", none: "#0969da" };
var HEAP_COLOUR = "#8250df";
var HEAP_LEGEND = 18;
function xmlText(text2) {
  return text2.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\uFFFE\uFFFF]/g, "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
var fixed = (n) => (Math.round(n * 10) / 10).toString();
var short = (text2, n) => [...text2].length > n ? `${[...text2].slice(0, n - 1).join("")}\u2026` : text2;
function middle(text2, n) {
  const chars = [...text2];
  if (chars.length <= n) return text2;
  const head2 = Math.floor((n - 1) / 2);
  return `${chars.slice(0, head2).join("")}\u2026${chars.slice(chars.length - (n - 1 - head2)).join("")}`;
}
function percent(fraction) {
  const p = fraction * 100;
  const digits = Math.abs(p) >= 1 ? 1 : Math.abs(p) >= 0.01 ? 2 : 4;
  return `${p > 0 ? "+" : p < 0 ? "\u2212" : "\xB1"}${Math.abs(p).toFixed(digits)}%`;
}
function labelledRuns(labels, plotWidth = WIDTH - LEFT - RIGHT) {
  const n = labels.length;
  const widest = Math.max(1, ...labels.map((l) => Math.min([...l].length, LABEL_CHARS)));
  const fit = Math.max(1, Math.floor(plotWidth / (widest * CHAR_WIDTH + 10)) + 1);
  const every = Math.ceil(n / fit);
  return Array.from({ length: n }, (_, i) => (n - 1 - i) % every === 0);
}
function relative9(values) {
  const first = values.find((v) => v !== null && v !== 0);
  return values.map((v) => v === null ? null : first === void 0 ? 0 : v / first - 1);
}
function panel(s, labels, shown, y0) {
  const out = [];
  const n = labels.length;
  const step = n === 1 ? 0 : (WIDTH - LEFT - RIGHT) / (n - 1);
  const x = (i) => n === 1 ? LEFT + (WIDTH - LEFT - RIGHT) / 2 : LEFT + i * step;
  const rel = relative9(s.values);
  const heapRel = s.heap ? relative9(s.heap.totalBytes) : [];
  const known = [...rel, ...heapRel].filter((r) => r !== null);
  const lo = Math.min(-5e-3, ...known);
  const hi = Math.max(5e-3, ...known);
  const y = (r) => y0 + TOP + PLOT - (r - lo) / (hi - lo) * PLOT;
  const last = [...s.values].reverse().find((v) => v !== null);
  out.push(`<g class="panel"><title>${xmlText(s.name)}</title>`);
  out.push(`<text x="8" y="${fixed(y0 + 20)}" class="name">${xmlText(short(s.name, 48))}</text>`);
  const peak = s.heap ? [...s.heap.peakBytes].reverse().find((v) => v !== null) : void 0;
  const heap = peak == null ? "" : `, peak heap ${xmlText(formatCount(peak))} bytes`;
  if (last != null)
    out.push(
      `<text x="${WIDTH - RIGHT}" y="${fixed(y0 + 20)}" class="note" text-anchor="end">last: ${xmlText(formatCount(last))} estimated cycles${heap}</text>`
    );
  out.push(`<line x1="${LEFT}" x2="${LEFT}" y1="${fixed(y0 + TOP)}" y2="${fixed(y0 + TOP + PLOT)}" class="axisline"/>`);
  out.push(`<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${fixed(y(0))}" y2="${fixed(y(0))}" class="zero"/>`);
  const axisLabel = (r, text2) => out.push(`<text x="${LEFT - 6}" y="${fixed(y(r) + 4)}" class="axis" text-anchor="end">${text2}</text>`);
  if (y(0) - y(hi) >= 14) axisLabel(hi, percent(hi));
  axisLabel(0, "0");
  if (y(lo) - y(0) >= 14) axisLabel(lo, percent(lo));
  for (let i = 1; i < n; i++) {
    const a = rel[i - 1];
    const b = rel[i];
    if (a == null || b == null || s.marks[i] === "not-comparable") continue;
    out.push(`<line x1="${fixed(x(i - 1))}" y1="${fixed(y(a))}" x2="${fixed(x(i))}" y2="${fixed(y(b))}" class="series"/>`);
  }
  for (let i = 1; i < heapRel.length; i++) {
    const a = heapRel[i - 1];
    const b = heapRel[i];
    if (a == null || b == null || s.marks[i] === "not-comparable") continue;
    out.push(`<line x1="${fixed(x(i - 1))}" y1="${fixed(y(a))}" x2="${fixed(x(i))}" y2="${fixed(y(b))}" class="heap"/>`);
  }
  heapRel.forEach((r, i) => {
    if (r === null) return;
    const bytes = xmlText(formatCount(s.heap.totalBytes[i]));
    out.push(
      `<circle cx="${fixed(x(i))}" cy="${fixed(y(r))}" r="2.5" fill="${HEAP_COLOUR}" class="heap-point"><title>${xmlText(labels[i])}: ${bytes} heap bytes allocated (${percent(r)} from the first run)</title></circle>`
    );
  });
  rel.forEach((r, i) => {
    const mark = s.marks[i];
    const label = xmlText(labels[i]);
    if (mark === "not-comparable") {
      const bx = fixed(x(i) - step / 2);
      out.push(
        `<line x1="${bx}" x2="${bx}" y1="${fixed(y0 + TOP - 2)}" y2="${fixed(y0 + TOP + PLOT + 2)}" class="break"><title>${label}: not comparable with the run before (another machine, image or executables)</title></line>`
      );
    }
    if (r === null) {
      out.push(
        `<text x="${fixed(x(i))}" y="${fixed(y0 + TOP + PLOT / 2 + 5)}" class="failed" text-anchor="middle">\xD7<title>${label}: failed or absent</title></text>`
      );
      return;
    }
    const changed = mark === "regression" || mark === "improvement";
    const what = mark === "none" ? "" : `; ${mark === "not-comparable" ? "not comparable with the run before" : `${mark} from the run before`}`;
    out.push(
      `<circle cx="${fixed(x(i))}" cy="${fixed(y(r))}" r="${changed ? 5 : 3}" fill="${COLOUR[mark]}" class="${mark}"><title>${label}: ${xmlText(formatCount(s.values[i]))} estimated cycles (${percent(r)} from the first run)${what}</title></circle>`
    );
    const before = s.values[i - 1];
    if (changed && before) {
      const heapBefore = s.heap?.totalBytes[i - 1];
      const heapNow = s.heap?.totalBytes[i];
      const heapStep = heapBefore && heapNow != null && heapNow !== heapBefore ? ` \xB7 heap ${percent(heapNow / heapBefore - 1)}` : "";
      const text2 = `${percent(s.values[i] / before - 1)}${heapStep}`;
      const ty = mark === "regression" ? Math.max(y(r) - 7, y0 + TOP + 2) : Math.min(y(r) + 15, y0 + TOP + PLOT + 6);
      out.push(`<text x="${fixed(x(i) - 7)}" y="${fixed(ty)}" class="change ${mark}" text-anchor="end">${text2}</text>`);
    }
  });
  labels.forEach((l, i) => {
    if (shown[i])
      out.push(`<text x="${fixed(x(i))}" y="${fixed(y0 + TOP + PLOT + 19)}" class="run" text-anchor="middle">${xmlText(middle(l, LABEL_CHARS))}</text>`);
  });
  out.push("</g>");
  return out;
}
var LEGEND_CHAR = 6.2;
function historySvg(series, labels) {
  const heap = series.some((s) => s.heap);
  const height = HEADER + series.length * PANEL + FOOTER + (heap ? HEAP_LEGEND : 0);
  const shown = labelledRuns(labels);
  const span2 = labels.length ? ` from ${xmlText(labels[0])} to ${xmlText(labels.at(-1))}` : "";
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-labelledby="title desc">`,
    '<title id="title">cg-bench history: estimated cycles per benchmark</title>',
    `<desc id="desc">${series.length} benchmark(s) over ${labels.length} run(s)${span2}, oldest first; each panel shows the change in estimated cycles from its first run${heap ? " (and, dashed, of the heap bytes allocated by a benchmark measured with memory: true, from its own first run)" : ""}. A large red point: a regression beyond the benchmark's threshold from the run before; a large green point: an improvement; a dashed line: not comparable with the run before (a break, not a change); a cross: failed or absent.</desc>`,
    `<style>text{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;fill:#1f2328}.name{font-size:14px;font-weight:600}.note,.axis,.run,.caption{font-size:11px;fill:#59636e}.change{font-size:11px;font-weight:600}.change.regression{fill:#d1242f}.change.improvement{fill:#1a7f37}.zero{stroke:#d1d9e0;stroke-width:1}.axisline{stroke:#d1d9e0;stroke-width:1}.series{stroke:#0969da;stroke-width:2}.break{stroke:#9a6700;stroke-width:1.5;stroke-dasharray:4 3}.failed{font-size:14px;fill:#d1242f}${heap ? `.heap{stroke:${HEAP_COLOUR};stroke-width:1.5;stroke-dasharray:5 3}` : ""}</style>`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="8" y="24" class="name">Estimated cycles per benchmark: change from its first run</text>`
  ];
  series.forEach((s, i) => {
    out.push(...panel(s, labels, shown, HEADER - 4 + i * PANEL));
  });
  const caption = height - FOOTER - (heap ? HEAP_LEGEND : 0) + 16;
  const every = shown.filter(Boolean).length < labels.length ? " (not every run is labelled; hover a point for its run)" : "";
  out.push(`<text x="${LEFT}" y="${caption}" class="caption">runs, oldest to newest \u2192${every}</text>`);
  const legend = height - 12 - (heap ? HEAP_LEGEND : 0);
  const items = [
    ["regression", (x2) => `<circle cx="${x2 + 6}" cy="${legend - 4}" r="5" fill="${COLOUR.regression}"/>`],
    ["improvement", (x2) => `<circle cx="${x2 + 6}" cy="${legend - 4}" r="5" fill="${COLOUR.improvement}"/>`],
    [
      "not comparable (another machine, image or executables)",
      (x2) => `<line x1="${x2 + 6}" x2="${x2 + 6}" y1="${legend - 12}" y2="${legend + 2}" class="break"/>`
    ],
    ["failed or absent", (x2) => `<text x="${x2 + 6}" y="${legend + 1}" class="failed" text-anchor="middle">\xD7</text>`]
  ];
  let x = 8;
  for (const [text2, mark] of items) {
    out.push(`${mark(x)}<text x="${x + 16}" y="${legend}" class="axis">${text2}</text>`);
    x += 16 + Math.ceil(text2.length * LEGEND_CHAR) + 18;
  }
  if (heap)
    out.push(
      `<line x1="8" x2="22" y1="${legend + HEAP_LEGEND - 4}" y2="${legend + HEAP_LEGEND - 4}" class="heap"/><text x="30" y="${legend + HEAP_LEGEND}" class="axis">heap bytes allocated, change from its first run (benchmarks with memory: true)</text>`
    );
  out.push("</svg>");
  return `${out.join("\n")}
`;
}

// src/flame/svg.ts
var WIDTH2 = 1200;
var SIDE = 10;
var ROW = 18;
var HEADER2 = 58;
var FOOTER2 = 34;
var MIN_WIDTH = 0.1;
var CHAR_WIDTH2 = 7;
var NEUTRAL = [238, 238, 238];
var SLOWER = [209, 36, 47];
var FASTER = [9, 105, 218];
var fixed2 = (n) => (Math.round(n * 10) / 10).toString();
function percent2(base, head2) {
  if (base === 0) return head2 === 0 ? "\xB10%" : "new";
  const p = (head2 / base - 1) * 100;
  const digits = Math.abs(p) >= 1 ? 1 : Math.abs(p) >= 0.01 ? 2 : 4;
  return `${p > 0 ? "+" : p < 0 ? "\u2212" : "\xB1"}${Math.abs(p).toFixed(digits)}%`;
}
function colour(change, largest) {
  const towards = change > 0 ? SLOWER : FASTER;
  const k = largest === 0 ? 0 : Math.min(1, Math.abs(change) / largest);
  const mix = NEUTRAL.map((n, i) => Math.round(n + (towards[i] - n) * k));
  return `#${mix.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
function largestSelfChange(node) {
  return Math.max(Math.abs(node.head.self - node.base.self), ...node.children.map(largestSelfChange));
}
var short2 = (text2, n) => [...text2].length > n ? `${[...text2].slice(0, n - 1).join("")}\u2026` : text2;
function flameSvg(root, options) {
  const scale = root.head.total > 0 ? (WIDTH2 - 2 * SIDE) / root.head.total : 0;
  const largest = largestSelfChange(root);
  const frames = [];
  let depth = 0;
  let onlyInBase = 0;
  let onlyInBaseCycles = 0;
  const visit = (node, x, level) => {
    const w = node.head.total * scale;
    if (node.head.total === 0) {
      onlyInBase++;
      onlyInBaseCycles += node.base.total;
      return;
    }
    if (w < MIN_WIDTH) return;
    depth = Math.max(depth, level + 1);
    const y = HEADER2 + level * ROW;
    const change = node.head.self - node.base.self;
    const title2 = `${xmlText(node.name)}: ${formatCount(node.head.total)} estimated cycles in head (${formatCount(node.head.self)} self), ${formatCount(node.base.total)} in base (${formatCount(node.base.self)} self); inclusive ${percent2(node.base.total, node.head.total)}, self ${percent2(node.base.self, node.head.self)}`;
    const fits = Math.floor((w - 6) / CHAR_WIDTH2);
    const label = fits >= 3 ? `<text x="${fixed2(x + 3)}" y="${fixed2(y + 13)}">${xmlText(short2(node.name, fits))}</text>` : "";
    frames.push(
      `<g class="frame"><title>${title2}</title><rect x="${fixed2(x)}" y="${y}" width="${fixed2(w)}" height="${ROW - 1}" fill="${colour(change, largest)}"/>${label}</g>`
    );
    let cx = x;
    for (const child of node.children) {
      visit(child, cx, level + 1);
      cx += child.head.total * scale;
    }
  };
  visit(root, SIDE, 0);
  const height = HEADER2 + depth * ROW + FOOTER2;
  const name = xmlText(options.benchmark);
  const missing = onlyInBase > 0 ? `; ${onlyInBase} call chain(s) ran in base only (${xmlText(formatCount(onlyInBaseCycles))} estimated cycles there), not drawn` : "";
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH2}" height="${height}" viewBox="0 0 ${WIDTH2} ${height}" role="img" aria-labelledby="title desc">`,
    `<title id="title">cg-bench differential flame graph: ${name}</title>`,
    `<desc id="desc">Call tree of ${name} in ${xmlText(options.headLabel)} against ${xmlText(options.baseLabel)}. Each box is a function under one chain of callers (callers above, callees below). Width: the head's inclusive estimated cycles. Colour: the change of the function's own (self) cost under that chain, red slower, blue faster, grey unchanged, deepest colour for the largest change${missing}.</desc>`,
    "<style>text{font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:12px;fill:#1f2328}.heading{font-size:14px;font-weight:600}.note{font-size:11px;fill:#59636e}.frame rect{stroke:#ffffff;stroke-width:1}</style>",
    `<rect width="${WIDTH2}" height="${height}" fill="#ffffff"/>`,
    `<text x="${SIDE}" y="22" class="heading">${xmlText(short2(options.benchmark, 60))}: ${xmlText(formatCount(root.base.total))} \u2192 ${xmlText(formatCount(root.head.total))} estimated cycles (${percent2(root.base.total, root.head.total)})</text>`,
    `<text x="${SIDE}" y="42" class="note">width: ${xmlText(short2(options.headLabel, 40))} inclusive cost; colour: self cost against ${xmlText(short2(options.baseLabel, 40))} (red slower, blue faster); hover a box for its figures</text>`,
    ...frames,
    `<text x="${SIDE}" y="${height - 12}" class="note">${depth} level(s) drawn${missing}</text>`,
    "</svg>"
  ];
  return `${out.join("\n")}
`;
}

// src/flame/graphs.ts
var FLAME_DIRECTORY = "flame";
function writeFlameGraphs(options) {
  const { base, head: head2 } = options;
  const baseTrees = callTreesIn(base.dir);
  const headTrees = callTreesIn(head2.dir);
  let wanted = options.comparison.benchmarks.filter(
    (b) => options.only === void 0 ? b.verdict === "regression" || b.verdict === "improvement" : b.name === options.only
  );
  if (options.missing === "refuse") {
    const missing = (trees, side) => wanted.filter((b) => !trees.has(b.name)).map((b) => `${b.name} has no call tree beside ${side.shown}`);
    const problems = [...missing(baseTrees, base), ...missing(headTrees, head2)];
    if (problems.length) throw new CgBenchError(`--flame: ${problems.join("; ")} (measure both with cg-bench run --call-tree)`);
  } else wanted = wanted.filter((b) => baseTrees.has(b.name) && headTrees.has(b.name));
  if (!wanted.length) return [];
  if (!options.write) mkdirSync8(options.outDir, { recursive: true });
  const files = [];
  for (const b of wanted) {
    const before = baseTrees.get(b.name);
    const after = headTrees.get(b.name);
    const w = (t) => `${t.weights.l1}/${t.weights.ll}/${t.weights.ram}`;
    if (w(before) !== w(after)) throw new CgBenchError(`--flame: ${b.name}: the call trees were weighted differently (${w(before)} and ${w(after)})`);
    const index = head2.results.benchmarks.findIndex((r) => r.name === b.name);
    const name = `${slugify(b.name, Math.max(0, index))}.svg`;
    const file = resolveFrom(options.outDir, name);
    const tree = differentialTree(before.tree, after.tree, b.name);
    const svg = flameSvg(tree, { benchmark: b.name, baseLabel: base.shown, headLabel: head2.shown });
    if (options.write) options.write(name, svg);
    else writeFileAtomic(file, svg);
    files.push({ benchmark: b.name, file, inclusive: inclusiveFigures(b, before.tree, after.tree) });
  }
  return files;
}

// src/util/json-spans.ts
var [TAB, LF, CR2, SPACE2, QUOTE, COMMA, COLON, BACKSLASH] = [9, 10, 13, 32, 34, 44, 58, 92];
var [OPEN_BRACKET, CLOSE_BRACKET, OPEN_BRACE, CLOSE_BRACE] = [91, 93, 123, 125];
var isSpace = (c) => c === SPACE2 || c === LF || c === CR2 || c === TAB;
function skipSpace(text2, i) {
  while (i < text2.length && isSpace(text2.charCodeAt(i))) i++;
  return i;
}
function stringEnd(text2, i) {
  for (let from = i + 1; ; ) {
    const quote = text2.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text2.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}
function valueEnd(text2, i) {
  const first = text2.charCodeAt(i);
  if (first === QUOTE) return stringEnd(text2, i);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (let j2 = i; j2 < text2.length; j2++) {
      const c = text2.charCodeAt(j2);
      if (c === QUOTE) {
        const end = stringEnd(text2, j2);
        if (end < 0) return -1;
        j2 = end - 1;
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return j2 + 1;
    }
    return -1;
  }
  let j = i;
  while (j < text2.length) {
    const c = text2.charCodeAt(j);
    if (isSpace(c) || c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET) break;
    j++;
  }
  return j > i ? j : -1;
}
function arrayMemberSpans(text2, key) {
  let i = skipSpace(text2, 0);
  if (text2.charCodeAt(i) !== OPEN_BRACE) return void 0;
  i = skipSpace(text2, i + 1);
  let found2;
  if (text2.charCodeAt(i) !== CLOSE_BRACE) {
    for (; ; ) {
      if (text2.charCodeAt(i) !== QUOTE) return void 0;
      const nameEnd = stringEnd(text2, i);
      if (nameEnd < 0) return void 0;
      let name;
      try {
        name = JSON.parse(text2.slice(i, nameEnd));
      } catch {
        return void 0;
      }
      i = skipSpace(text2, nameEnd);
      if (text2.charCodeAt(i) !== COLON) return void 0;
      const start = skipSpace(text2, i + 1);
      const end = valueEnd(text2, start);
      if (end < 0) return void 0;
      if (name === key) {
        if (found2) return void 0;
        found2 = { start, end };
      }
      i = skipSpace(text2, end);
      const c = text2.charCodeAt(i);
      if (c === CLOSE_BRACE) break;
      if (c !== COMMA) return void 0;
      i = skipSpace(text2, i + 1);
    }
  }
  if (skipSpace(text2, i + 1) !== text2.length || !found2 || text2.charCodeAt(found2.start) !== OPEN_BRACKET) return void 0;
  const elements = [];
  let j = skipSpace(text2, found2.start + 1);
  if (text2.charCodeAt(j) !== CLOSE_BRACKET) {
    for (; ; ) {
      const end = valueEnd(text2, j);
      if (end < 0) return void 0;
      elements.push(j, end);
      j = skipSpace(text2, end);
      const c = text2.charCodeAt(j);
      if (c === CLOSE_BRACKET) break;
      if (c !== COMMA) return void 0;
      j = skipSpace(text2, j + 1);
    }
  }
  return j + 1 === found2.end ? { start: found2.start, end: found2.end, elements } : void 0;
}

// src/results/by-benchmark.ts
function resultsByBenchmark(text2, path) {
  const spans = arrayMemberSpans(text2, "benchmarks");
  const maxItems = RESULTS_SCHEMA.properties["benchmarks"].maxItems ?? Infinity;
  if (!spans || spans.elements.length / 2 > maxItems) return resultsFromText(text2, path);
  const whole = () => {
    resultsFromText(text2, path);
    throw new Error(`${path}: refused read a benchmark at a time, but not read whole`);
  };
  let top;
  try {
    top = parseResults(JSON.parse(`${text2.slice(0, spans.start)}[]${text2.slice(spans.end)}`), path);
  } catch {
    return whole();
  }
  const { weights } = top.environment;
  let checked = false;
  const benchmarks = {
    *[Symbol.iterator]() {
      const names = /* @__PURE__ */ new Set();
      const { elements } = spans;
      for (let i = 0; i < elements.length; i += 2) {
        let data;
        try {
          data = JSON.parse(text2.slice(elements[i], elements[i + 1]));
        } catch {
          return whole();
        }
        const b = checkedBenchmark(data, weights, checked);
        if (!b || names.has(b.name)) return whole();
        names.add(b.name);
        yield b;
      }
      checked = true;
    }
  };
  return { ...top, benchmarks };
}

// src/engine/out-lock.ts
import { lstatSync as lstatSync9, mkdirSync as mkdirSync9, readdirSync as readdirSync7 } from "node:fs";
import { dirname as dirname11, join as join21, relative as relative10, sep as sep5 } from "node:path";
var MAX_ENTRIES2 = 1e6;
function unsafeEntry(outDir, notWalked) {
  const here = callerDirectory();
  for (let dir = outDir; ; dir = dirname11(dir)) {
    try {
      if (lstatSync9(dir).isSymbolicLink()) return `${shownPath(dir)} is a symbolic link`;
    } catch {
    }
    const inside2 = relative10(here, dirname11(dir));
    if (dir === dirname11(dir) || inside2 === "" || inside2 === ".." || inside2.startsWith(`..${sep5}`) || inside2.startsWith(sep5)) break;
  }
  let seen = 0;
  const walk = (dir) => {
    let names;
    try {
      names = readdirSync7(dir);
    } catch {
      return void 0;
    }
    for (const name of names) {
      if (++seen > MAX_ENTRIES2) return `${shownPath(outDir)} holds more than ${MAX_ENTRIES2} entries`;
      const path = join21(dir, name);
      const stat = lstatSync9(path, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isSymbolicLink()) return `${shownPath(path)} is a symbolic link`;
      if (stat.isDirectory()) {
        if (dir === outDir && notWalked.includes(name)) continue;
        const found2 = walk(path);
        if (found2) return found2;
      } else if (!stat.isFile()) return `${shownPath(path)} is not a regular file`;
    }
    return void 0;
  };
  return walk(outDir);
}
function lockOutputDirectory(outDir, notWalked = []) {
  const unsafe = unsafeEntry(outDir, notWalked);
  if (unsafe) {
    throw new CgBenchError(
      `--out ${shownPath(outDir)}: ${unsafe}; cg-bench writes its output there and never through a link (a pull request can commit one in the checkout). Remove it, or give another --out`
    );
  }
  try {
    mkdirSync9(outDir, { recursive: true });
  } catch {
    return () => {
    };
  }
  const lock = resolveFrom(outDir, ".cg-bench.lock");
  let holder;
  try {
    holder = tryLock(lock);
  } catch {
    return () => {
    };
  }
  if (holder !== void 0)
    throw new CgBenchError(`--out ${shownPath(outDir)}: another cg-bench run (pid ${holder}) is using this directory; give each run its own --out`);
  return () => unlock(lock);
}

// src/engine/measure.ts
function checkBaselineTarget(path) {
  const dir = dirname12(path);
  if (existsSync6(path) && statSync9(path).isDirectory()) throw new CgBenchError(`--save-baseline ${shownPath(path)}: is a directory`);
  try {
    mkdirSync10(dir, { recursive: true });
    accessSync4(dir, constants8.W_OK);
  } catch {
    throw new CgBenchError(`--save-baseline ${shownPath(path)}: directory ${dir} cannot be made or is not writable`);
  }
}
async function measure(options) {
  const baseline = options.baseline ? resultsByBenchmark(readResultsText(options.baseline), options.baseline) : void 0;
  const wallTimes = baseline ? baselineWallTimes(baseline, options.config) : void 0;
  if (options.saveBaseline && options.shard) {
    throw new CgBenchError(
      `--save-baseline ${shownPath(options.saveBaseline)}: a baseline is a whole suite, and --shard measures a part; save it from cg-bench merge`
    );
  }
  if (options.saveBaseline) checkBaselineTarget(options.saveBaseline);
  const release3 = lockOutputDirectory(options.outDir);
  try {
    return await measureLocked(options, baseline, wallTimes);
  } finally {
    release3();
  }
}
function baselineWallTimes(baseline, config) {
  const times = /* @__PURE__ */ new Map();
  for (const b of baseline.benchmarks) times.set(b.name, b.wallTimeMs);
  assertSameMetric(baseline.environment, config);
  return times;
}
async function measureLocked(options, baseline, baselineWallTimesMs) {
  const realOut = realOutDirBeforeRuns(options.outDir);
  const results = await runSuite(options.config, {
    outDir: options.outDir,
    jobs: options.jobs,
    filter: options.filter,
    shard: options.shard,
    progress: options.progress,
    previousWallTimesMs: baselineWallTimesMs ?? readWallTimes(resolveFrom(options.outDir, "results.json")),
    ...options.valgrind ? { valgrind: options.valgrind } : {},
    ...options.everyFunction ? { everyFunction: true } : {},
    ...options.callTree ? { callTree: true } : {}
  });
  const comparison = baseline ? compareResults(baseline, results, { thresholdPercent: options.thresholdPercent, selected: selectedBy(options, results) }) : void 0;
  const resultsFile = resolveFrom(options.outDir, "results.json");
  const markdownFile = resolveFrom(options.outDir, "report.md");
  writeResults(resultsFile, results, realOut);
  const input = { head: results, comparison, baselineSource: options.baselineSource ?? (options.baseline && shownPath(options.baseline)) };
  const flameGraphs = options.callTree ? flameGraphsOfRun(options, results, comparison, realOut) : void 0;
  const withCallees = options.callTree && options.baseline && comparison ? { ...input, comparison: withInclusiveCosts(comparison, dirname12(options.baseline), options.outDir) } : input;
  writeFileAtomic(markdownFile, markdownReport.render(withCallees) + flameGraphLinks(flameGraphs ?? [], options.outDir), realOut);
  if (comparison) writeFileAtomic(resolveFrom(options.outDir, "comparison.json"), jsonReport.render(input), realOut);
  const failed = results.benchmarks.filter((b) => b.status !== "ok").length;
  const outcome2 = { results, comparison, resultsFile, markdownFile, failed };
  if (flameGraphs) outcome2.flameGraphs = flameGraphs;
  if (options.saveBaseline) {
    if (failed) outcome2.baselineNotSaved = `not saving the baseline to ${shownPath(options.saveBaseline)}: ${failed} benchmark(s) failed`;
    else writeResults(options.saveBaseline, results);
  }
  return outcome2;
}
function flameGraphsOfRun(options, results, comparison, realOut) {
  const outDir = resolveFrom(options.outDir, FLAME_DIRECTORY);
  if (realOut !== void 0) assertSameDirectory(options.outDir, realOut);
  rmSync11(outDir, { recursive: true, force: true });
  if (!options.baseline || !comparison) return [];
  const baseShown = options.baselineSource ?? shownPath(options.baseline);
  return writeFlameGraphs({
    base: { dir: dirname12(options.baseline), shown: baseShown },
    head: { dir: options.outDir, shown: shownPath(options.outDir), results },
    comparison,
    outDir,
    missing: "skip"
  });
}
function flameGraphLinks(graphs, outDir) {
  if (!graphs.length) return "";
  const links = graphs.map((g) => `[${escapeMarkdown(g.benchmark)}](${relative11(outDir, g.file).split(sep6).join("/")})`);
  return `
Where in the call tree each change happened (differential flame graphs): ${links.join(", ")}
`;
}
function selectedBy(options, results) {
  if (options.shard) {
    const mine = new Set(results.benchmarks.map((b) => b.name));
    return (name) => mine.has(name);
  }
  return options.filter ? nameMatcher(options.filter) : void 0;
}
function realOutDirBeforeRuns(outDir) {
  try {
    return realPathBeforeRuns(outDir);
  } catch {
    return void 0;
  }
}

// src/stopwatch/suite.ts
import { mkdirSync as mkdirSync11 } from "node:fs";
import { join as join23 } from "node:path";

// src/stopwatch/executor.ts
import { accessSync as accessSync5, chmodSync as chmodSync2, constants as fsConstants3, existsSync as existsSync7, mkdtempSync as mkdtempSync2, readFileSync as readFileSync7, rmSync as rmSync12, writeFileSync as writeFileSync5 } from "node:fs";
import { arch as arch2, availableParallelism as availableParallelism2, platform } from "node:os";
import { delimiter as delimiter3, join as join22 } from "node:path";

// src/stopwatch/helper.ts
var STOPWATCH_X86_64 = Buffer.from("f0VMRgIBAQAAAAAAAAAAAAIAPgABAAAAsABAAAAAAABAAAAAAAAAANgJAAAAAAAAAAAAAEAAOAACAEAABQAEAAEAAAAFAAAAAAAAAAAAAAAAAEAAAAAAAAAAQAAAAAAAjQkAAAAAAACNCQAAAAAAABAAAAAAAAAAUeV0ZAYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEAAAAAAAAABIMe1IiedIg+Tw6K4CAAD0gD4AdCJIY4cAAgAAPf4BAAB/FI1QAUj/xomXAAIAAIpW/4gUB+vZw0iD7CCDvwACAAAASYnwSInRdAq+nQhAAOi7////TInGSYnI6LD///++jwhAAOim////SffYTA9IwUiFyXkKvpEIQADokP///7kBAAAAvgoAAABMicAx0kj39oPCMIhUDAdMicJJicBIg/oJdwf/yUhjyesQSP/BSIP5GHXVuRcAAADr6YpEDAhIjXQkBkj/ycZEJAcAiEQkBug6////g/n/deFIg8Qgw4A/LbkBAAAAdQdI/8dIg8n/gD8ASMfAwL3w/3QsMcCKF4TSdBiD6jCA+gl3FUhrwApID77SSP/HSAHQ6+JID6/Bw0jHwMC98P/DVUUx0kiJ/UUxwFNFMcm+kwhAALgBAAAAvwIAAAC6CwAAAA8FMdKAfBUAAHQFSP/C6/S7AQAAAEUx0kUxwEUxyb8CAAAASInYSInuDwW+nwhAAEiJ2EiJ2g8FMdK45wAAAL99AAAASInWDwVbXcNIjXQk6EUx0kUxwEUxyTHAuhgAAAAPBUmJwEiDyP9Jg/gYD4WJAAAASItUJPhIhdJ0f0iLTCTwSItEJOhIOcp0cEiFyXgH8kgPKsHrFUiJzoPhAUjR7kgJzvJIDyrG8g9YwEiF0ngH8kgPKsrrFUiJ0YPiAUjR6UgJ0fJIDyrJ8g9YyfIPXsFIhcB4B/JIDyrI6xVIicKD4AFI0epICcLySA8qyvIPWMnyD1nB8kgPLMDDSIn4MclIOcp0CUCINAhI/8Hr8sNTSYnwSIn7Mfa6QAAAAEmDyv9FMclIg+xASInn6Mv///+4AQAAAEyJRCQISIneSMHgJkG4CAAAAEiDyv9Ix0QkIAMAAABIiQQkuCoBAABIx0QkKGMQAAAPBUiDxEBbw0FXQVZBVUFUVVNIiftIgez4AgAASIsHSIlEJBhIg/gFfwq/oQhAAOhB/v//SIt7EOju/f//SIt7GEiJxeji/f//SIt7IEmJxujW/f//SIt7KEmJx+jK/f//SYnFSI1FAUg9AAQAAHcWTInwTAn4SIP4AXcKSY1FFEiD+Cd2Cr/cCEAA6OX9//8x0kG8bgAAAEUx0kUxwEUxyUyJ4EiJ10iJ1g8FvwEAAABIiUQkCL4JAAAAuJ0AAAAPBUyJ4EiJ10iJ1g8FSDlEJAh0Cr/+CEAA6Jf9//8xyUiJTCQQSIXteE9MjaQk6AAAADH2RTHSRTHATInnuoAAAABFMcnoi/7//0iJ6onpuAEAAABIwfoGSNPgvoAAAAAx/0iJhNToAAAAuMsAAABMieIPBUiJRCQQTYX2dD69hwAAADHSRTHSRTHARTHJv/////9IiehIidYPBUmJxkiFwHgZSInHSInoSIHPAAAEAA8FSIXASA9O0EmJ1k2F7XQbMfZFMdJFMcBFMcm4jQAAAEiJ90yJ6g8FSYnFSI18JChFMdJFMcBFMcm4JQEAAL4AAAgAMdIPBUiFwHkKvwoJQADorvz//zHSRTHSRTHARTHJuCcAAABIiddIidYPBUiJxbg5AAAADwVIiUQkCEiFwHkPvxcJQADoePz//+n0AAAAD4XuAAAASItUJAhFMdJFMcBFMcm4nQAAAL8BAAAAvgkAAAAPBUiLfCQIuG4AAABIif5IifoPBUg5xXQUSIt0JAi45wAAAL9/AAAASInyDwVBvAIAAABFMdJFMcBFMckx0r8jCUAATIngTInmDwVIicdIhcB4H70hAAAASInWSInoDwW+AQAAAEiJ6A8FSInoTInmDwUx7UhjfCQsRTHSRTHARTHJuAMAAABIie5IieoPBboBAAAASI20JOgAAABIY3wkKEiJ6A8FSItEJBhIjXMwSIt7MEiNVMMQuDsAAAAPBbjnAAAAv38AAABIie5IieoPBTHSSGN8JChFMdJFMcBFMcm4AwAAAEiJ1g8FTYX/dClIi3wkCOiK/P//SInDSInFSIXAeBhIi3wkCL4BAAAA6HD8//9IicXrBDHtMdsx0kiNdCQwRTHSRTHAiVQkJEUxyTHSuOQAAAC/AQAAAA8FuAMAAABIY3wkLEiJ1g8FSI10JCRIi3wkCEyNVCRQRTHARTHJMdK4PQAAAA8FSYnESIP4/HTeSI10JEBFMdK45AAAAL8BAAAADwVMOWQkCHQKvy0JQADotvr//0iLVCRATI2kJOgAAABIK1QkMDHATInnvjoJQACJhCToAgAASGnSAMqaO0gDVCRISCtUJDjoi/n//75CCUAASGlUJFBAQg8ASANUJFjoc/n//75LCUAASGlUJGBAQg8ASANUJGjoW/n//4tUJCRBidFBg+F/dQ0Ptta+VAlAAEhj0usWSIPK/75UCUAA6DP5//9JY9G+WwlAAOgm+f//SItUJBC+YglAAEyJ5+gU+f//TInyvmYJQADoB/n//0yJ6r5rCUAA6Pr4//9Nhf90UEiF7XgvSIXbeDZIid/oQ/r//75wCUAATInnSInC6NP4//9Iie/oK/r//753CUAASInC6xRNhf90F0iF20gPSd1Iidq+hAlAAEyJ5+il+P//TInnvp8IQABFMdJFMcDoavj//7gBAAAARTHJTInmSGOUJOgCAABIiccPBTHSuOcAAABIiddIidYPBUiBxPgCAABbXUFcQV1BXkFfwz0ALQBzdG9wd2F0Y2g6IAAKAHVzYWdlOiBzdG9wd2F0Y2ggQ1BVIE5PQVNMUiBDT1VOVEVSUyBOSUNFIFBST0dSQU0gW0FSRy4uLl0AYmFkIENQVSwgTk9BU0xSLCBDT1VOVEVSUyBvciBOSUNFAHBhcmVudCBnb25lAHBpcGUyIGZhaWxlZABmb3JrIGZhaWxlZAAvZGV2L251bGwAd2FpdDQgZmFpbGVkAHdhbGxfbnMAdXRpbWVfdXMAc3RpbWVfdXMAc3RhdHVzAHNpZ25hbABwaW4AYXNscgBuaWNlAGN5Y2xlcwBpbnN0cnVjdGlvbnMAY291bnRlcnMAR0NDOiAoRGViaWFuIDEyLjIuMC0xNCtkZWIxMnUxKSAxMi4yLjAAAC5zaHN0cnRhYgAudGV4dAAucm9kYXRhAC5jb21tZW50AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAsAAAABAAAABgAAAAAAAACwAEAAAAAAALAAAAAAAAAA3wcAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAARAAAAAQAAADIAAAAAAAAAjwhAAAAAAACPCAAAAAAAAP4AAAAAAAAAAAAAAAAAAAABAAAAAAAAAAEAAAAAAAAAGQAAAAEAAAAwAAAAAAAAAAAAAAAAAAAAjQkAAAAAAAAnAAAAAAAAAAAAAAAAAAAAAQAAAAAAAAABAAAAAAAAAAEAAAADAAAAAAAAAAAAAAAAAAAAAAAAALQJAAAAAAAAIgAAAAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAAAAAA=", "base64");

// src/stopwatch/executor.ts
var PROBE_TIMEOUT_MS3 = 1e4;
var works = (argv) => runProcessSync({ argv, timeoutMs: PROBE_TIMEOUT_MS3 }).exitCode === 0;
var pinnedCpu = () => availableParallelism2() - 1;
var TIMED_NICE = -10;
var helperFile;
function helper() {
  if (helperFile !== void 0) return helperFile;
  helperFile = null;
  if (platform() !== "linux" || arch2() !== "x64" || process.env["CG_BENCH_STOPWATCH_HELPER"] === "0") return helperFile;
  try {
    const dir = mkdtempSync2(join22(ownTmpdir(), "cg-bench-stopwatch-"));
    const file = join22(dir, "stopwatch");
    writeFileSync5(file, STOPWATCH_X86_64);
    chmodSync2(file, 493);
    process.once("exit", () => rmSync12(dir, { recursive: true, force: true }));
    const probe = runProcessSync({ argv: [file, "-1", "0", "0", "0", "/bin/true"], timeoutMs: PROBE_TIMEOUT_MS3, output: "capture" });
    if (probe.exitCode === 0 && /^wall_ns=\d+ /.test(probe.stdout)) helperFile = file;
  } catch {
  }
  return helperFile;
}
function parseHelperLine(line) {
  const out = {};
  for (const token of line.trim().split(/\s+/)) {
    const m = /^([a-z_]+)=(-?\d+)$/.exec(token);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}
function resolveProgram(name, path) {
  if (name.includes("/")) return name;
  for (const dir of (path ?? "/usr/local/bin:/usr/bin:/bin").split(delimiter3)) {
    if (!dir) continue;
    const candidate = join22(dir, name);
    try {
      accessSync5(candidate, fsConstants3.X_OK);
      return candidate;
    } catch {
    }
  }
  throw new CgBenchError(`${name}: not found in PATH (${path ?? ""}); a timed benchmark's program must exist on this machine`, ExitCode.benchmarkFailed);
}
function helperCommand(file, command, options) {
  const [program, ...args] = command.argv;
  const resolved = new Command([resolveProgram(program, command.env["PATH"] ?? process.env["PATH"]), ...args], command.env);
  return resolved.behind([file, String(options.cpu), options.noAslr ? "1" : "0", options.counters ? "1" : "0", String(options.nice)]);
}
function helperFields(r, command) {
  if (r.exitCode !== 0)
    throw new CgBenchError(`${command.name}: the stopwatch helper failed (${r.spawnError ?? r.signal ?? `status ${r.exitCode}`}): ${r.stderr.trim()}`);
  const fields = parseHelperLine(r.stdout);
  if (fields["status"] !== 0)
    fail2(command, fields["status"] === -1 ? null : fields["status"] ?? null, fields["signal"] === void 0 ? null : `signal ${fields["signal"]}`);
  return fields;
}
async function runHelper(file, command, options) {
  const r = await runProcess({
    command: helperCommand(file, command.command, options),
    cwd: command.cwd,
    stdout: "capture",
    stderr: "capture",
    timeoutMs: command.timeoutMs
  });
  if (r.timedOut) timedOut(command);
  return helperFields(r, command);
}
function probeHelper(file, options) {
  const probe = {
    command: new Command(["/bin/true"], { PATH: "/usr/bin:/bin" }),
    cwd: "/",
    name: "the stopwatch helper's probe",
    timeoutMs: PROBE_TIMEOUT_MS3
  };
  const helped = helperCommand(file, probe.command, options);
  const r = runProcessSync({
    argv: helped.argv,
    cwd: probe.cwd,
    env: { ...helped.env },
    timeoutMs: probe.timeoutMs,
    output: "capture"
  });
  return helperFields(r, probe);
}
var ERRNO = { 1: "EPERM", 2: "ENOENT", 13: "EACCES", 19: "ENODEV", 22: "EINVAL", 38: "ENOSYS", 95: "EOPNOTSUPP" };
function helperControls(file, counters) {
  const cpu = pinnedCpu();
  const probe = probeHelper(file, { cpu, noAslr: true, counters: false, nice: TIMED_NICE });
  const pin = probe["pin"] === 0;
  const noAslr = probe["aslr"] === 0;
  const niced = probe["nice"] === 0;
  return {
    options: { cpu: pin ? cpu : -1, noAslr, counters, nice: niced ? TIMED_NICE : 0 },
    controls: [
      pin ? `pinned to CPU ${cpu}` : `not pinned (sched_setaffinity: ${ERRNO[-probe["pin"]] ?? probe["pin"]})`,
      noAslr ? "ASLR off" : `ASLR on (personality(ADDR_NO_RANDOMIZE) refused: ${ERRNO[-probe["aslr"]] ?? probe["aslr"]}, e.g. a container's seccomp profile)`,
      niced ? `priority raised (nice ${TIMED_NICE})` : `normal priority (setpriority refused: ${ERRNO[-probe["nice"]] ?? probe["nice"]})`,
      "timed from exec to exit by the stopwatch helper"
    ]
  };
}
function noiseControls() {
  const prefix = [];
  const controls = [];
  const cpu = String(pinnedCpu());
  if (works(["taskset", "-c", cpu, "true"])) {
    prefix.push("taskset", "-c", cpu);
    controls.push(`pinned to CPU ${cpu}`);
  } else controls.push("not pinned (taskset missing or refused)");
  if (works([...prefix, "setarch", "-R", "true"])) {
    prefix.push("setarch", "-R");
    controls.push("ASLR off");
  } else controls.push("ASLR on (setarch -R refused)");
  controls.push("timed around the spawn (no stopwatch helper on this platform)");
  return { prefix, controls };
}
function timedOut(command) {
  throw new CgBenchError(
    `${command.name}: timed out after ${formatDuration(command.timeoutMs)} in a timed run, and was killed with everything it started (set "timeout" on the benchmark to allow longer)`,
    ExitCode.benchmarkFailed
  );
}
function fail2(command, status, signal) {
  throw new CgBenchError(
    `${command.name}: ${signal ? `killed by ${signal}` : `exited with status ${status}${status === 127 ? " (not found or not executable?)" : ""}`} while timed; a timed benchmark must succeed every run`,
    ExitCode.benchmarkFailed
  );
}
function wallclockExecutor(experiment = {}) {
  const file = helper();
  if (file) {
    const probed3 = helperControls(file, false);
    const options = { ...probed3.options, ...experiment.unpinned ? { cpu: -1 } : {}, ...experiment.normalPriority ? { nice: 0 } : {} };
    const controls2 = probed3.controls.map(
      (c, i) => i === 0 && experiment.unpinned ? "not pinned (experiment)" : i === 2 && experiment.normalPriority ? "normal priority (experiment)" : c
    );
    return {
      name: "wallclock",
      unit: "ms",
      controls: controls2,
      async run(command) {
        const f = await runHelper(file, command, options);
        return { value: f["wall_ns"] / 1e6, extra: { cpuMs: (f["utime_us"] + f["stime_us"]) / 1e3 } };
      }
    };
  }
  const { prefix, controls } = noiseControls();
  return {
    name: "wallclock",
    unit: "ms",
    controls,
    async run(command) {
      const r = await runProcess({ command: command.command.behind(prefix), cwd: command.cwd, timeoutMs: command.timeoutMs });
      if (r.timedOut) timedOut(command);
      if (r.spawnError) fail2(command, 127, null);
      if (r.exitCode !== 0) fail2(command, r.exitCode, r.signal);
      return { value: r.wallTimeMs };
    }
  };
}
function cputimeExecutor() {
  const file = helper();
  if (!file)
    throw new CgBenchError(
      `mode: cputime needs cg-bench's stopwatch helper, which runs on x86-64 Linux only (this is ${platform()} ${arch2()}${process.env["CG_BENCH_STOPWATCH_HELPER"] === "0" ? ", and CG_BENCH_STOPWATCH_HELPER=0" : ""}); use mode: wallclock`
    );
  const { options, controls } = helperControls(file, false);
  return {
    name: "cputime",
    unit: "ms",
    controls: [...controls.slice(0, 3), "user+system CPU time from wait4"],
    async run(command) {
      const f = await runHelper(file, command, options);
      return { value: (f["utime_us"] + f["stime_us"]) / 1e3, extra: { wallMs: f["wall_ns"] / 1e6 } };
    }
  };
}
function countersProblem() {
  let paranoid;
  try {
    paranoid = Number(readFileSync7("/proc/sys/kernel/perf_event_paranoid", "utf8").trim());
  } catch {
    return "this kernel has no perf events (/proc/sys/kernel/perf_event_paranoid is absent)";
  }
  const file = helper();
  if (file) {
    const probe = probeHelper(file, { cpu: -1, noAslr: false, counters: true, nice: 0 });
    const errno = -(probe["counters"] ?? 0);
    if (!errno) return void 0;
    const call = `perf_event_open(PERF_COUNT_HW_CPU_CYCLES, user space only) fails with ${ERRNO[errno] ?? `errno ${errno}`}`;
    if (errno === 2 || errno === 19 || errno === 95) {
      const pmu = existsSync7("/sys/bus/event_source/devices/cpu") || existsSync7("/sys/bus/event_source/devices/cpu_core");
      return `${call}: this machine exposes no hardware performance counters (${pmu ? "the CPU has no such event" : "/sys/bus/event_source/devices/cpu is absent: a VM without a virtual PMU"})`;
    }
    if (errno === 1 || errno === 13)
      return `${call}: kernel.perf_event_paranoid is ${paranoid}${paranoid > 2 ? " (user-space counters need 2 or less: sysctl kernel.perf_event_paranoid=2)" : ""}, or a container's seccomp profile refuses perf_event_open`;
    if (errno === 38) return `${call}: a seccomp profile (Docker's default) or the kernel refuses perf_event_open`;
    return call;
  }
  if (!existsSync7("/sys/bus/event_source/devices/cpu") && !existsSync7("/sys/bus/event_source/devices/cpu_core")) {
    return "this machine exposes no hardware performance counters (/sys/bus/event_source/devices/cpu is absent: a VM without a virtual PMU, or a container that hides it)";
  }
  if (paranoid > 2) return `kernel.perf_event_paranoid is ${paranoid}: user-space counters need 2 or less (sysctl kernel.perf_event_paranoid=2)`;
  if (!works(["perf", "stat", "-x", ",", "-e", "instructions:u", "--", "true"]))
    return "`perf stat -e instructions:u true` fails here (perf missing, or the counters refused in this container)";
  return void 0;
}
function countersExecutor() {
  const problem = countersProblem();
  if (problem) throw new CgBenchError(`mode: counters: ${problem}; use mode: cputime or mode: wallclock, or --counters-fallback cputime (or wallclock)`);
  const file = helper();
  if (file) {
    const { options, controls: controls2 } = helperControls(file, true);
    return {
      name: "counters",
      unit: "cycles",
      controls: [...controls2.slice(0, 3), "user-space cycles and instructions from perf_event_open"],
      async run(command) {
        const f = await runHelper(file, command, options);
        if (!(f["cycles"] >= 0)) throw new CgBenchError(`${command.name}: perf_event_open gave no user-space cycle count`, ExitCode.benchmarkFailed);
        return { value: f["cycles"], extra: { instructions: f["instructions"] ?? 0, wallMs: f["wall_ns"] / 1e6 } };
      }
    };
  }
  const { prefix, controls } = noiseControls();
  return {
    name: "counters",
    unit: "cycles",
    controls: [...controls.slice(0, 2), "user-space cycles and instructions from perf stat"],
    async run(command) {
      const perf = ["perf", "stat", "-x", ",", "-e", "cycles:u,instructions:u", "--", ...prefix];
      const r = await runProcess({ command: command.command.behind(perf), cwd: command.cwd, stderr: "capture", timeoutMs: command.timeoutMs });
      if (r.timedOut) timedOut(command);
      if (r.spawnError) fail2(command, 127, null);
      if (r.exitCode !== 0) fail2(command, r.exitCode, r.signal);
      const counts = /* @__PURE__ */ new Map();
      for (const line of r.stderr.split("\n")) {
        const [value, , event] = line.split(",");
        if (event && /^\d+$/.test(value ?? "")) counts.set(event.replace(/:u$/, ""), Number(value));
      }
      const cycles2 = counts.get("cycles");
      if (cycles2 === void 0) throw new CgBenchError(`${command.name}: perf stat gave no user-space cycle count`, ExitCode.benchmarkFailed);
      return { value: cycles2, extra: { instructions: counts.get("instructions") ?? 0 } };
    }
  };
}

// src/stopwatch/stats.ts
function abbaOrder(pairs) {
  return Array.from({ length: pairs }, (_, i) => i % 2 === 0 ? ["base", "head"] : ["head", "base"]);
}
function median2(sorted) {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = a + 1831565813 >>> 0;
    let t = a;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
var INTERVAL_METHOD = "wilcoxon";
var OUTLIER_MADS = 5;
var RESAMPLES = 4e3;
var mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
function normalQuantile(p) {
  if (!(p > 0 && p < 1)) throw new Error(`normalQuantile: ${p} is not in (0, 1)`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail2 = (q2) => (((((c[0] * q2 + c[1]) * q2 + c[2]) * q2 + c[3]) * q2 + c[4]) * q2 + c[5]) / ((((d[0] * q2 + d[1]) * q2 + d[2]) * q2 + d[3]) * q2 + 1);
  if (p < 0.02425) return tail2(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail2(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}
function tQuantile(p, df) {
  const z = normalQuantile(p);
  const z2 = z * z;
  return z + z * (z2 + 1) / (4 * df) + z * ((5 * z2 + 16) * z2 + 3) / (96 * df ** 2) + z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * df ** 3) + z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / (92160 * df ** 4);
}
function keptLogRatios(base, head2) {
  if (base.length !== head2.length || base.length < 2) throw new Error("pairedEstimate: need at least two pairs of equal length");
  if ([...base, ...head2].some((x) => !(x > 0))) throw new Error("pairedEstimate: every sample must be positive");
  const all = base.map((b, i) => Math.log(head2[i] / b));
  const mid = median2([...all].sort((x, y) => x - y));
  const mad = median2(all.map((d) => Math.abs(d - mid)).sort((x, y) => x - y)) * 1.4826;
  const kept = mad > 0 ? all.filter((d) => Math.abs(d - mid) <= OUTLIER_MADS * mad) : all;
  return { kept, dropped: all.length - kept.length };
}
function medianInterval(sorted, confidence) {
  const n = sorted.length;
  const tail2 = (1 - confidence) / 2;
  let logTerm = -n * Math.LN2;
  let cumulative = Math.exp(logTerm);
  let k = 1;
  for (let j = 0; j < n; j++) {
    logTerm += Math.log((n - j) / (j + 1));
    const next = cumulative + Math.exp(logTerm);
    if (next > tail2) break;
    cumulative = next;
    k = j + 2;
  }
  if (cumulative > tail2) k = 1;
  return { low: sorted[k - 1], high: sorted[n - k] };
}
var EXACT_SIGNED_RANK_PAIRS = 300;
function signedRankCut(n, confidence) {
  const tail2 = (1 - confidence) / 2;
  const total = n * (n + 1) / 2;
  if (n > EXACT_SIGNED_RANK_PAIRS) {
    const sd = Math.sqrt(n * (n + 1) * (2 * n + 1) / 24);
    return Math.max(0, Math.floor(total / 2 - normalQuantile(1 - tail2) * sd - 0.5));
  }
  const p = new Float64Array(total + 1);
  p[0] = 1;
  for (let rank = 1; rank <= n; rank++) {
    for (let t = rank * (rank + 1) / 2; t >= rank; t--) p[t] = (p[t] + p[t - rank]) / 2;
    for (let t = Math.min(rank - 1, total); t >= 0; t--) p[t] = p[t] / 2;
  }
  let cumulative = 0;
  let cut = 0;
  for (let t = 0; t <= total; t++) {
    cumulative += p[t];
    if (cumulative > tail2) break;
    cut = t;
  }
  return cut;
}
function signedRankInterval(values, confidence) {
  const n = values.length;
  const walsh = new Float64Array(n * (n + 1) / 2);
  let k = 0;
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walsh[k++] = (values[i] + values[j]) / 2;
  walsh.sort();
  const cut = Math.min(signedRankCut(n, confidence), Math.floor((walsh.length - 1) / 2));
  const m = walsh.length;
  const center = m % 2 ? walsh[(m - 1) / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2;
  return { center, low: walsh[cut], high: walsh[m - 1 - cut] };
}
function pairedEstimate(base, head2, confidence = 0.95, method = "bootstrap") {
  const { kept, dropped } = keptLogRatios(base, head2);
  const m = mean(kept);
  const tail2 = (1 - confidence) / 2;
  let lowLog;
  let highLog;
  let described;
  const estimate = (centerLog, low, high, described2) => ({
    relative: Math.exp(centerLog) - 1,
    low: Math.exp(low) - 1,
    high: Math.exp(high) - 1,
    confidence,
    pairs: kept.length,
    dropped,
    method: `${described2}; pairs beyond ${OUTLIER_MADS} MADs dropped`
  });
  if (method === "wilcoxon") {
    const { center, low, high } = signedRankInterval(kept, confidence);
    return estimate(center, low, high, "Hodges-Lehmann estimate of the log ratio, Wilcoxon signed-rank interval");
  }
  if (method === "median") {
    const sorted = [...kept].sort((x, y) => x - y);
    const { low, high } = medianInterval(sorted, confidence);
    return estimate(median2(sorted), low, high, "median log ratio, distribution-free (sign-test) interval");
  }
  if (method === "t") {
    const n = kept.length;
    const sd = Math.sqrt(kept.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, n - 1));
    const half = tQuantile(1 - tail2, Math.max(1, n - 1)) * (sd / Math.sqrt(n));
    lowLog = m - half;
    highLog = m + half;
    described = "mean log ratio, Student's t interval";
  } else {
    const next = random(24301 ^ kept.length);
    const means = [];
    for (let r = 0; r < RESAMPLES; r++) {
      let sum = 0;
      for (let i = 0; i < kept.length; i++) sum += kept[Math.floor(next() * kept.length)];
      means.push(sum / kept.length);
    }
    means.sort((x, y) => x - y);
    const at = (q) => means[Math.min(means.length - 1, Math.max(0, Math.round(q * (means.length - 1))))];
    lowLog = at(tail2);
    highLog = at(1 - tail2);
    described = `mean log ratio, percentile bootstrap (${RESAMPLES} resamples, fixed seed)`;
  }
  return estimate(m, lowLog, highLog, described);
}
function timedVerdict(estimate, thresholdPercent) {
  const t = thresholdPercent / 100;
  if (estimate.low > t) return "regression";
  if (estimate.high < -t) return "improvement";
  if (estimate.low >= -t && estimate.high <= t) return "no significant change";
  return "inconclusive";
}

// src/stopwatch/paired.ts
async function runPaired(executor, base, head2, options) {
  const now = options.now ?? (() => performance.now());
  const started = now();
  for (let i = 0; i < options.warmups; i++) {
    await executor.run(i % 2 ? head2 : base);
    await executor.run(i % 2 ? base : head2);
  }
  const out = { base: [], head: [], order: [] };
  const blocks = abbaOrder(options.maxPairs);
  for (const block of blocks) {
    if (out.base.length >= options.minPairs && now() - started >= options.budgetMs) break;
    for (const side of block) {
      out[side].push(await executor.run(side === "base" ? base : head2));
      out.order.push(side);
    }
    options.onPair?.(out.base.length);
  }
  return out;
}

// src/stopwatch/suite.ts
var WARMUPS = 3;
function timedSpecs(config, benchmark) {
  return config.benchmarks.filter((b) => b.mode !== "cachegrind" && (benchmark === void 0 || b.name === benchmark));
}
var argvOf = (spec) => typeof spec.run === "string" ? ["/bin/sh", "-c", spec.run] : spec.run;
async function prepare(config, outDir, held2, side, progress) {
  const required = config.setupNetwork && !config.network ? { required: { noNetwork: true, oneCpu: false } } : {};
  const sandbox = untrustedSandbox({ root: config.root, network: config.network, ...required });
  const setupSandbox = config.setupNetwork ? untrustedSandbox({ root: config.root, network: config.network, setupNetwork: true }) : sandbox;
  const log = resolveFrom(outDir, `setup-${side}.log`);
  const at = join23(held2.path, `setup-${side}.log`);
  writeFileAtomic(at, "", held2.real);
  await runSetup(config.setup, { cwd: config.root, logFile: log, logOpenedAt: at, timeoutMs: config.setupTimeoutMs, progress, sandbox: setupSandbox }).finally(
    () => {
      endStrays(setupSandbox);
      endStrays(sandbox);
    }
  );
  return sandbox;
}
function executorFor(spec, fallback, log) {
  if (spec.mode === "cputime") return cputimeExecutor();
  if (spec.mode !== "counters") return wallclockExecutor();
  const problem = countersProblem();
  if (!problem || fallback === "fail") return countersExecutor();
  log(
    `cg-bench: ${escapeTerminal(spec.name)}: no hardware counters (${problem}); timed by ${fallback === "cputime" ? "its CPU time" : "the wall clock"} instead (--counters-fallback ${fallback})`
  );
  return fallback === "cputime" ? cputimeExecutor() : wallclockExecutor();
}
async function timeSuite(options) {
  const { head: head2, base, outDir } = options;
  const timed = timedSpecs(head2.config, options.benchmark);
  if (!timed.length) {
    throw new CgBenchError(
      `${shownPath(head2.file)}: no benchmark with mode: wallclock, cputime or counters${options.benchmark === void 0 ? "" : ` named "${options.benchmark}"`}; the timed benchmarks are measured by cg-bench paired, the others by cg-bench run`
    );
  }
  refuseHandedPaths([...timed, ...timedSpecs(base.config, options.benchmark)]);
  const missing = timed.filter((t) => !base.config.benchmarks.some((b) => b.name === t.name));
  if (missing.length)
    throw new CgBenchError(`${shownPath(base.file)}: has no benchmark ${missing.map((m) => JSON.stringify(m.name)).join(", ")}: nothing to pair it with`);
  mkdirSync11(outDir, { recursive: true });
  const real = realPathBeforeRuns(outDir);
  const out = holdDirectory(outDir, real);
  try {
    return await timeHeld(options, timed, { path: out.path, real });
  } finally {
    out.release();
  }
}
async function timeHeld(options, timed, held2) {
  const { base, outDir } = options;
  const baseSandbox = await prepare(base.config, outDir, held2, "base", options.progress);
  const sandboxes = { base: baseSandbox, head: baseSandbox };
  try {
    sandboxes.head = await prepare(options.head.config, outDir, held2, "head", options.progress);
    return await timeBenchmarks(options, timed, held2, sandboxes);
  } finally {
    endStrays(sandboxes.base);
    endStrays(sandboxes.head);
  }
}
async function timeBenchmarks(options, timed, held2, sandboxes) {
  const { head: head2, base } = options;
  const command = (spec, sandbox, side) => ({
    command: sandboxedCommand(sandbox, argvOf(spec), benchmarkEnvironment(spec.cwd, spec.env, "/tmp"), false, 0, [], spec.cwd),
    cwd: spec.cwd,
    name: `benchmark "${escapeTerminal(spec.name)}" (${side}, ${shownPath(side === "base" ? base.file : head2.file)})`,
    timeoutMs: spec.timeoutMs
  });
  const results = [];
  for (const spec of timed) {
    const baseSpec = base.config.benchmarks.find((b) => b.name === spec.name);
    const executor = executorFor(spec, options.countersFallback, options.log);
    const budgetMs = options.budgetMs ?? spec.budgetMs;
    options.log(`${escapeTerminal(spec.name)}: ${executor.name}, paired runs for up to ${Math.round(budgetMs / 1e3)} s (${executor.controls.join(", ")})`);
    const samples = await runPaired(executor, command(baseSpec, sandboxes.base, "base"), command(spec, sandboxes.head, "head"), {
      budgetMs,
      warmups: WARMUPS,
      minPairs: 10,
      maxPairs: 2e3,
      onPair: (n) => {
        endStrays(sandboxes.base);
        endStrays(sandboxes.head);
        if (n % 20 === 0) options.log(`  ${n} pairs`);
      }
    });
    const thresholdPercent = options.thresholdPercent ?? spec.thresholdPercent;
    const estimate = pairedEstimate(
      samples.base.map((s) => s.value),
      samples.head.map((s) => s.value),
      0.95,
      INTERVAL_METHOD
    );
    const result = {
      name: spec.name,
      mode: executor.name,
      unit: executor.unit,
      controls: executor.controls,
      thresholdPercent,
      budgetMs,
      warmups: WARMUPS,
      verdict: timedVerdict(estimate, thresholdPercent),
      estimate,
      base: samples.base.map((s) => s.value),
      head: samples.head.map((s) => s.value),
      order: samples.order
    };
    const extraNames = [...new Set(samples.base.flatMap((s) => Object.keys(s.extra ?? {})))];
    if (extraNames.length) {
      result.extra = Object.fromEntries(
        extraNames.map((n) => [n, { base: samples.base.map((s) => s.extra?.[n] ?? 0), head: samples.head.map((s) => s.extra?.[n] ?? 0) }])
      );
    }
    results.push(result);
  }
  writeFileAtomic(
    join23(held2.path, PAIRED_FILE),
    `${JSON.stringify({ tool: "cg-bench", kind: "paired", createdAt: (/* @__PURE__ */ new Date()).toISOString(), timed: results }, null, 2)}
`,
    held2.real
  );
  return results;
}
var PAIRED_FILE = "paired.json";

// src/run/progress.ts
function outcome(result) {
  if (result.status === "ok") return `${formatCount(result.estimatedCycles ?? 0)} estimated cycles in ${formatDuration(result.wallTimeMs)}`;
  return `${result.status === "timeout" ? "TIMED OUT" : "FAILED"}: ${escapeTerminal(headline(result.message ?? ""))}`;
}
function lineProgress(write) {
  return {
    setup: (command) => write(`setup: ${escapeTerminal(command)}
`),
    start: (name, index, total, previousMs) => write(`[${index + 1}/${total}] ${escapeTerminal(name)}: running${previousMs ? ` (last time ${formatDuration(previousMs)})` : ""}
`),
    finish: (result) => write(`${result.status === "ok" ? "\u2713" : "\u2717"} ${escapeTerminal(result.name)}: ${outcome(result)}
`),
    again: (reason) => write(`${reason}
`),
    close() {
    }
  };
}

// src/container/measurer.ts
var WORKSPACE = "/work";
var BASE_WORKSPACE = "/work-base";
var CI_COUNTERS_FALLBACK = "cputime";
function durationsOf(results) {
  return new Map(results?.benchmarks.map((b) => [b.name, b.wallTimeMs]) ?? []);
}
function readIfPresent(path) {
  return existsSync8(path) ? readResults(path) : void 0;
}
function lockGitDirectory(dir) {
  for (let at = resolve8(dir); ; at = dirname13(at)) {
    const git2 = join24(at, ".git");
    if (existsSync8(git2)) {
      chmodSync3(git2, 448);
      if (existsSync8(`${at}.tmp`)) chmodSync3(`${at}.tmp`, 448);
      return;
    }
    if (dirname13(at) === at) return;
  }
}
function inImageMeasurer(options) {
  const workspace = WORKSPACE;
  return {
    imageIdentity: process.env["CG_BENCH_IMAGE_DIGEST"] || process.env["CG_BENCH_IMAGE"] || "in-image",
    async environment() {
      return collectEnvironment(
        locateValgrind(),
        workspace,
        DEFAULT_CACHE,
        DEFAULT_WEIGHTS,
        cpuView(sandboxFor({ root: absolutePath(workspace, "the image workspace"), network: false, cpus: "one" }))
      );
    },
    async measure(checkout, config, outDir, selection = {}) {
      copyToWorkspace(checkout, workspace, options.exclude);
      rmSync13(outDir, { recursive: true, force: true });
      const user = process.getuid?.() === 0 ? untrustedUser(workspace, process.env, true) : void 0;
      if (user) {
        giveTree({ ...NO_SANDBOX, user }, workspace);
        lockGitDirectory(checkout);
      }
      try {
        const outcome2 = await measure({
          config: loadConfig(join24(workspace, config), workspace),
          outDir: absolutePath(outDir, "output directory"),
          jobs: options.jobs,
          filter: selection.filter,
          ...selection.callTree ? { callTree: true } : {},
          shard: selection.shard ? { shard: selection.shard, durationsMs: durationsOf(selection.durations) } : void 0,
          progress: lineProgress((t) => options.log(t.trimEnd()))
        });
        return { code: outcome2.failed ? ExitCode.benchmarkFailed : ExitCode.ok, results: outcome2.results, error: void 0 };
      } catch (error) {
        if (error instanceof CgBenchError && error.exitCode === ExitCode.usage) return { code: ExitCode.usage, results: void 0, error: error.message };
        return {
          code: error instanceof CgBenchError ? error.exitCode : ExitCode.internal,
          results: readIfPresent(join24(outDir, "results.json")),
          error: errorMessage(error)
        };
      }
    },
    async timePaired(headCheckout, baseCheckout2, config, outDir) {
      const sides = { head: copyToWorkspace(headCheckout, workspace, options.exclude), base: copyToWorkspace(baseCheckout2, BASE_WORKSPACE, options.exclude) };
      rmSync13(outDir, { recursive: true, force: true });
      const user = process.getuid?.() === 0 ? untrustedUser(workspace, process.env, true) : void 0;
      if (user) {
        for (const dir of Object.values(sides)) giveTree({ ...NO_SANDBOX, user }, dir);
        lockGitDirectory(headCheckout);
      }
      try {
        const head2 = absolutePath(join24(sides.head, config), "configuration");
        const base = absolutePath(join24(sides.base, config), "configuration");
        const timed = await timeSuite({
          head: { config: loadConfig(head2), file: head2 },
          base: { config: loadConfig(base), file: base },
          outDir: absolutePath(outDir, "output directory"),
          countersFallback: CI_COUNTERS_FALLBACK,
          progress: lineProgress((t) => options.log(t.trimEnd())),
          log: options.log
        });
        return { timed };
      } catch (error) {
        return { error: errorMessage(error) };
      }
    }
  };
}
function copyToWorkspace(checkout, to, exclude = []) {
  mkdirSync12(to, { recursive: true });
  for (const entry of readdirSync8(to)) rmSync13(join24(to, entry), { recursive: true, force: true });
  const skip = new Set(exclude.map((name) => join24(resolve8(checkout), name)));
  cpSync(checkout, to, { recursive: true, verbatimSymlinks: true, filter: (src) => !skip.has(resolve8(src)) });
  return to;
}

// src/vcs/git.ts
import { rmSync as rmSync14 } from "node:fs";
var SAFE_GIT_OPTIONS = [
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "core.untrackedCache=false",
  "-c",
  "diff.external=",
  "-c",
  "protocol.ext.allow=never",
  "--no-replace-objects"
];
var SAFE_GIT_ENV = {
  GIT_TERMINAL_PROMPT: "0",
  GIT_NO_REPLACE_OBJECTS: "1"
};
var GIT_TIMEOUT_MS = 30 * 6e4;
function git(repo, args, env = {}) {
  const caller = Object.fromEntries(Object.entries(process.env).filter((e) => e[1] !== void 0));
  const r = runProcessSync({
    argv: [ownProgram("git"), ...SAFE_GIT_OPTIONS, ...args],
    cwd: repo,
    env: { ...caller, ...SAFE_GIT_ENV, ...env },
    timeoutMs: GIT_TIMEOUT_MS,
    output: "capture"
  });
  const why = r.timedOut ? `git ${args[0]} timed out after ${GIT_TIMEOUT_MS / 6e4} min` : r.spawnError;
  return { ok: r.exitCode === 0, out: r.stdout, err: (r.stderr || why || "").trim() };
}
function ensureCommit(repo, sha, credentials = {}) {
  if (git(repo, ["cat-file", "-e", `${sha}^{commit}`]).ok) return true;
  git(repo, ["fetch", "--no-tags", "--depth=1", "origin", sha], credentials);
  return git(repo, ["cat-file", "-e", `${sha}^{commit}`]).ok;
}
function fileAt(repo, sha, path) {
  const r = git(repo, ["show", `${sha}:${path.replace(/^\.\//, "")}`]);
  return r.ok ? r.out : void 0;
}
function addWorktree(repo, dir, sha) {
  rmSync14(dir, { recursive: true, force: true });
  git(repo, ["worktree", "prune"]);
  const r = git(repo, ["worktree", "add", "--detach", dir, sha]);
  if (!r.ok) throw new Error(`git worktree add ${sha}: ${r.err}`);
}
function removeWorktree(repo, dir) {
  git(repo, ["worktree", "remove", "--force", dir]);
  rmSync14(dir, { recursive: true, force: true });
}
function headParents(repo) {
  const r = git(repo, ["cat-file", "commit", "HEAD"]);
  if (!r.ok) return [];
  const header = r.out.split("\n\n")[0] ?? "";
  return [...header.matchAll(/^parent ([0-9a-f]{40,64})$/gm)].map((m) => m[1]);
}

// src/ci/verify-sample.ts
import { randomInt } from "node:crypto";
function sampleBenchmark(stored, head2, draw = randomInt) {
  const ranInHead = new Set(head2.benchmarks.filter((b) => b.status === "ok").map((b) => b.name));
  const candidates = stored.benchmarks.filter((b) => b.status === "ok" && b.estimatedCycles !== null && ranInHead.has(b.name));
  const alone = (b) => !/[*?]/.test(b.name) && !stored.benchmarks.some((o) => o !== b && o.name.includes(b.name));
  const pool2 = candidates.some(alone) ? candidates.filter(alone) : candidates;
  return pool2.length ? pool2[draw(pool2.length)] : void 0;
}
function filterFor(name) {
  return /[*?]/.test(name) ? "*" : name;
}
function sameCounts(stored, now) {
  return now !== void 0 && now.status === "ok" && now.estimatedCycles === stored.estimatedCycles && JSON.stringify(now.events) === JSON.stringify(stored.events);
}
function inconsistency(stored) {
  const weights = stored.environment.weights;
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  for (const b of stored.benchmarks) {
    if (b.status !== "ok") continue;
    const at = `${b.name}:`;
    if (b.events === null || b.hits === null || b.estimatedCycles === null) return `${at} it ran but has no counts`;
    const cycles2 = cyclesFromEvents(b.events, weights);
    if (b.estimatedCycles !== cycles2) return `${at} ${formatCount(b.estimatedCycles)} estimated cycles stored, its events make ${formatCount(cycles2)}`;
    if (!same(b.hits, hitsFromEvents(b.events))) return `${at} its hits are not those of its events`;
    if (b.processes.length === 0) return `${at} it ran but records no process`;
    let sum = zeroEvents();
    for (const p of b.processes) {
      if (p.estimatedCycles !== cyclesFromEvents(p.events, weights)) return `${at} process ${p.pid}'s estimated cycles are not those of its events`;
      sum = addEvents(sum, p.events);
    }
    const off = EVENT_NAMES.find((e) => sum[e] !== b.events[e]);
    if (off) return `${at} ${off} ${formatCount(b.events[off])} stored, its processes add up to ${formatCount(sum[off])}`;
    const exceeds = (part, whole) => part > whole + Math.abs(whole) * 1e-9 + 1e-6;
    let fnCycles = 0;
    let fnIr = 0;
    for (const f of b.functions) {
      if (exceeds(f.estimatedCycles, b.estimatedCycles) || f.Ir > b.events.Ir) return `${at} ${f.fn} costs more than the whole benchmark`;
      fnCycles += f.estimatedCycles;
      fnIr += f.Ir;
      const lines = f.lines ?? [];
      if (exceeds(
        lines.reduce((s, l) => s + l.estimatedCycles, 0),
        f.estimatedCycles
      ) || lines.reduce((s, l) => s + l.Ir, 0) > f.Ir)
        return `${at} ${f.fn}'s lines cost more than the function`;
    }
    if (exceeds(fnCycles, b.estimatedCycles) || fnIr > b.events.Ir) return `${at} its functions together cost more than the whole benchmark`;
  }
  return void 0;
}

// src/ci/baseline.ts
function firstLine2(m) {
  return (m.error ?? `exit ${m.code}`).split("\n")[0] ?? "";
}
async function lookUpBaseline(ci, measurer, commit, environment) {
  const short3 = ci.shortSha(commit.sha);
  ci.log.info(`Baseline: the ${commit.what} ${short3}${commit.why ? ` (${commit.why})` : ""}.`);
  const fetched = ci.fetchCommit(commit.sha);
  const configText = fetched ? fileAt(ci.repoRoot, commit.sha, ci.suite.configPath) : void 0;
  if (fetched && configText === void 0) return { commit, fetched, none: `${ci.suite.configPath} does not exist at ${short3}` };
  const stored = ci.store ? await ci.store.restore({ sha: commit.sha, configText, imageIdentity: measurer.imageIdentity, environment }) : void 0;
  return { commit, fetched, ...stored ? { stored } : {} };
}
function partOf(stored, selection) {
  if (!selection.shard) return stored;
  const names = stored.benchmarks.map((b) => b.name);
  const mine = new Set(namesInShard(names, durationsOf(selection.durations), selection.shard));
  return {
    ...stored,
    benchmarks: stored.benchmarks.filter((b) => mine.has(b.name)),
    shard: { index: selection.shard.index, count: selection.shard.count, benchmarks: names }
  };
}
async function settleBaseline(ci, measurer, lookup, head2, checkout, selection = {}) {
  const { commit, fetched, stored } = lookup;
  const { sha, what } = commit;
  const short3 = ci.shortSha(sha);
  if (lookup.none) return { results: void 0, source: `none: ${lookup.none}` };
  let why = "";
  if (stored) {
    let problem = baselineProblem(stored.results, head2);
    if (problem) ci.log.info(`The baseline ${stored.from} cannot be used (${problem}); measuring the ${what} instead.`);
    else if (problem = inconsistency(stored.results)) {
      ci.log.warning(
        `The baseline ${stored.from} is refused as tampered with: its numbers do not add up (${problem}). Measuring the whole ${what} in this job.`
      );
      why = ` (the stored baseline was refused as tampered with: ${problem})`;
    } else {
      if (!fetched)
        return { results: partOf(stored.results, selection), source: `${what} ${short3}, ${stored.from} (not verified: the commit could not be fetched)` };
      const check = await verifyStored(ci, measurer, checkout, stored.results, head2);
      if (check.verified) return { results: partOf(stored.results, selection), source: `${what} ${short3}, ${stored.from}, ${check.verified}` };
      ci.log.warning(`The baseline ${stored.from} is not what ${short3} measures here: ${check.differs}. Measuring the whole ${what} in this job.`);
      why = ` (the stored baseline differed: ${check.differs})`;
    }
  }
  if (!fetched) return { results: void 0, source: `none: the ${what} ${short3} could not be fetched` };
  ci.log.info(`Measuring the ${what} ${short3}`);
  const m = await measureAt(ci, measurer, checkout, "base", { ...selection, ...ci.callTree ? { callTree: true } : {} });
  if (!m.results) return { results: void 0, source: `none: measuring the ${what} ${short3} failed (${firstLine2(m)})` };
  return { results: m.results, source: `${what} ${short3}, measured in this job${why}`, dir: join25(ci.outRoot, "base") };
}
async function measureAt(ci, measurer, checkout, outName, selection = {}) {
  return measurer.measure(join25(checkout.fresh(), ci.workingDirectory), ci.config, join25(ci.outRoot, outName), selection);
}
async function verifyStored(ci, measurer, checkout, stored, head2) {
  const sample = sampleBenchmark(stored, head2);
  if (!sample) return { verified: "not verified (no benchmark ran on both sides)" };
  ci.log.info(`Verifying the stored baseline: measuring ${sample.name} at ${ci.shortSha(checkout.sha)} again.`);
  const m = await measureAt(ci, measurer, checkout, "base-sample", { filter: filterFor(sample.name) });
  const now = m.results?.benchmarks.find((b) => b.name === sample.name);
  if (sameCounts(sample, now)) return { verified: `verified (${sample.name} measured again here: identical)` };
  const shown = (n) => n === null || n === void 0 ? "no result" : formatCount(n);
  return { differs: `${sample.name} measures ${shown(now?.estimatedCycles)} estimated cycles here, ${shown(sample.estimatedCycles)} stored` };
}
async function saveMainlineBaseline(ci, request, head2) {
  if (!ci.store) return false;
  const short3 = ci.shortSha(request.sha);
  if (head2.benchmarks.some((b) => b.status !== "ok")) {
    ci.log.warning(`Not keeping ${short3} as a baseline: a benchmark failed.`);
    return false;
  }
  const notSaved = await ci.store.save({ ...request, environment: head2.environment }, head2);
  if (notSaved) ci.log.warning(`The baseline for ${short3} was NOT saved: ${notSaved}. Pull requests will measure it in their own job.`);
  else ci.log.info(`Saved the baseline for ${short3}.`);
  return !notSaved;
}
function headConfigText(ci) {
  return readConfigText(ci.repoRoot, ci.suite.configPath);
}

// src/ci/base-checkout.ts
function baseCheckout(ci, sha) {
  let dir;
  return {
    sha,
    fresh() {
      this.remove();
      return this.path();
    },
    path() {
      if (dir === void 0) {
        const at = ci.baseCheckoutDir();
        addWorktree(ci.repoRoot, at, sha);
        dir = at;
      }
      return dir;
    },
    remove() {
      if (dir !== void 0) removeWorktree(ci.repoRoot, dir);
      dir = void 0;
    }
  };
}

// src/ci/flame.ts
import { join as join27, relative as relative13, sep as sep8 } from "node:path";

// src/shard/call-trees.ts
import { dirname as dirname14, join as join26, normalize, relative as relative12, sep as sep7 } from "node:path";
function callTreePathOf(result) {
  const dir = normalize(dirname14(result.logs.stdout));
  if (dir === "." || dir === ".." || dir.startsWith(`..${sep7}`) || dir.startsWith(sep7)) return void 0;
  return join26(dir, CALL_TREE_DIRECTORY, CALL_TREE_FILE);
}
function carryCallTrees(results, from, write, only) {
  const carried = [];
  for (const result of results) {
    if (only && !only.has(result.name)) continue;
    const path = callTreePathOf(result);
    if (path === void 0 || !presentAt(join26(from.dir, path))) continue;
    const shown = join26(from.shown, path);
    const { text: text2, tree } = readCallTreeBeneath(from.root, relative12(from.root, join26(from.dir, path)), shown);
    if (tree.benchmark !== result.name)
      throw new CgBenchError(`${shown}: the call tree of ${JSON.stringify(tree.benchmark)}, where ${JSON.stringify(result.name)}'s belongs`);
    write(path.split(sep7).join("/"), text2);
    carried.push(result.name);
  }
  return carried;
}

// src/ci/flame.ts
var BASE_CALL_TREES = "base-call-tree";
var HANDED_OVER_CALL_TREES = "call-trees";
function changedBenchmarks(ci, head2, baseline) {
  const { comparison } = compareWithBaseline(baseline.results, head2, { thresholdPercent: ci.thresholdPercent });
  const changed = comparison?.benchmarks.filter((b) => b.verdict === "regression" || b.verdict === "improvement").map((b) => b.name) ?? [];
  return comparison && changed.length && baseline.results ? { comparison, changed } : void 0;
}
async function baseCallTrees(ci, measurer, checkout, baseline, changed) {
  if (baseline.dir !== void 0) return [{ dir: baseline.dir, results: baseline.results }];
  const found2 = [];
  for (const [i, name] of changed.entries()) {
    ci.log.info(`Measuring ${name} at ${ci.shortSha(checkout.sha)} again for its call tree (the stored baseline keeps none).`);
    const dir = join27(ci.outRoot, BASE_CALL_TREES, String(i + 1));
    const m = await measurer.measure(join27(checkout.fresh(), ci.workingDirectory), ci.config, dir, { filter: filterFor(name), callTree: true });
    if (m.results) found2.push({ dir, results: m.results, only: name });
  }
  return found2;
}
function linksTo(ci, drawn, changed) {
  const missing = changed.filter((name) => !drawn.some((d) => d.benchmark === name));
  if (missing.length) ci.log.info(`No flame graph for ${missing.join(", ")}: no call tree on both sides.`);
  return drawn.map((d) => {
    const path = relative13(ci.outRoot, d.file).split(sep8).join("/");
    ci.log.info(`flame graph: ${path}`);
    return { benchmark: d.benchmark, path, url: ci.flameGraphUrl(path), ...d.inclusive ? { inclusive: d.inclusive } : {} };
  });
}
var baseLabel = (ci, sha) => `base ${ci.shortSha(sha)}`;
async function drawChangeFlameGraphs(ci, measurer, checkout, head2, baseline, flameDirectory) {
  const found2 = changedBenchmarks(ci, head2, baseline);
  if (!found2 || !baseline.results) return [];
  const { comparison, changed } = found2;
  const outDir = absolutePath(join27(ci.outRoot, FLAME_DIRECTORY), "flame graph directory");
  const headSide = { dir: join27(ci.outRoot, "head"), shown: "head", results: head2 };
  const drawn = [];
  const write = flameDirectory();
  try {
    for (const base of await baseCallTrees(ci, measurer, checkout, { ...baseline, results: baseline.results }, changed))
      drawn.push(
        ...writeFlameGraphs({
          base: { dir: base.dir, shown: baseLabel(ci, checkout.sha) },
          head: headSide,
          comparison,
          only: base.only,
          outDir,
          missing: "skip",
          write
        })
      );
  } catch (error) {
    ci.log.warning(`The flame graphs could not be drawn: ${errorMessage(error)}`);
  }
  return linksTo(ci, drawn, changed);
}
async function partCallTrees(ci, measurer, checkout, head2, baseline) {
  const found2 = changedBenchmarks(ci, head2, baseline);
  if (!found2 || !baseline.results) return void 0;
  try {
    return { changed: new Set(found2.changed), bases: await baseCallTrees(ci, measurer, checkout, { ...baseline, results: baseline.results }, found2.changed) };
  } catch (error) {
    ci.log.warning(`The base's call trees could not be measured (no flame graph from this part): ${errorMessage(error)}`);
    return void 0;
  }
}
function handOverCallTrees(ci, head2, trees, write) {
  const to = (side) => (name, text2) => write(`${HANDED_OVER_CALL_TREES}/${side}/${name}`, text2);
  try {
    const headDir = join27(ci.outRoot, "head");
    carryCallTrees(head2.benchmarks, { root: headDir, dir: headDir, shown: "head" }, to("head"), trees.changed);
    for (const base of trees.bases)
      carryCallTrees(
        base.results.benchmarks,
        { root: base.dir, dir: base.dir, shown: "base" },
        to("base"),
        base.only === void 0 ? trees.changed : /* @__PURE__ */ new Set([base.only])
      );
  } catch (error) {
    ci.log.warning(`The call trees could not be handed over (no flame graph from this part): ${errorMessage(error)}`);
  }
}
function drawMergedFlameGraphs(ci, parts, partsDir, head2, baseline, baseSha, outRoot, flameDirectory) {
  const found2 = changedBenchmarks(ci, head2, baseline);
  if (!found2) return [];
  const drawn = [];
  try {
    for (const part of parts) {
      const from = (side) => ({
        root: partsDir,
        dir: join27(part.dir, HANDED_OVER_CALL_TREES, side),
        shown: `${part.shown}/${HANDED_OVER_CALL_TREES}/${side}`
      });
      const to = (side) => (name, text2) => outRoot(`${side}/${name}`, text2);
      carryCallTrees(part.head.benchmarks, from("head"), to("head"));
      if (part.base) carryCallTrees(part.base.benchmarks, from("base"), to("base"));
    }
    drawn.push(
      ...writeFlameGraphs({
        base: { dir: join27(ci.outRoot, "base"), shown: baseLabel(ci, baseSha) },
        head: { dir: join27(ci.outRoot, "head"), shown: "head", results: head2 },
        comparison: found2.comparison,
        outDir: absolutePath(join27(ci.outRoot, FLAME_DIRECTORY), "flame graph directory"),
        missing: "skip",
        write: flameDirectory()
      })
    );
  } catch (error) {
    ci.log.warning(`The flame graphs could not be drawn: ${errorMessage(error)}`);
  }
  return linksTo(ci, drawn, found2.changed);
}

// src/history/load.ts
function slimForHistory(results) {
  return {
    ...results,
    benchmarks: results.benchmarks.map((b) => {
      const { python: _python, ...rest } = b;
      return { ...rest, functions: [], processes: [], logs: { stdout: "", stderr: "" } };
    })
  };
}

// src/history/series.ts
var MAX_BENCHMARKS = 500;
function historySeries(points) {
  const series = /* @__PURE__ */ new Map();
  for (const p of points) {
    for (const b of p.results.benchmarks) {
      if (series.has(b.name)) continue;
      if (series.size === MAX_BENCHMARKS) throw new CgBenchError(`cg-bench history: more than ${MAX_BENCHMARKS} benchmarks; draw at most ${MAX_BENCHMARKS}`);
      series.set(b.name, { name: b.name, values: [], marks: [] });
    }
  }
  points.forEach((point, i) => {
    let verdicts = /* @__PURE__ */ new Map();
    let comparable = true;
    if (i > 0) {
      try {
        const c = compareResults(points[i - 1].results, point.results);
        comparable = c.comparable;
        verdicts = new Map(
          c.benchmarks.map((b) => [b.name, b.verdict === "regression" || b.verdict === "improvement" || b.verdict === "not-comparable" ? b.verdict : "none"])
        );
      } catch {
        comparable = false;
      }
    }
    const byName2 = new Map(point.results.benchmarks.map((b) => [b.name, b]));
    for (const s of series.values()) {
      const b = byName2.get(s.name);
      s.values.push(b && b.status === "ok" ? b.estimatedCycles : null);
      s.marks.push(i === 0 ? "none" : !comparable ? "not-comparable" : verdicts.get(s.name) ?? "none");
    }
  });
  for (const s of series.values()) {
    const memory = points.map((p) => p.results.benchmarks.find((b) => b.name === s.name && b.status === "ok")?.memory);
    if (memory.some((m) => m !== void 0))
      s.heap = { totalBytes: memory.map((m) => m?.totalBytes ?? null), peakBytes: memory.map((m) => m?.peakBytes ?? null) };
  }
  return [...series.values()];
}

// src/history/trend.ts
var BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
var MAX_CHARTS = 4;
var MAX_ROWS = 100;
function sparkline(values) {
  const present = values.filter((v) => v !== null);
  if (!present.length) return "";
  const low = Math.min(...present);
  const high = Math.max(...present);
  return values.map((v) => {
    if (v === null) return "\xB7";
    if (high === low) return BARS[0];
    return BARS[Math.min(BARS.length - 1, Math.floor((v - low) / (high - low) * BARS.length))];
  }).join("");
}
function span(values) {
  const present = values.filter((v) => v !== null);
  if (present.length < 1) return void 0;
  const first = present[0];
  const last = present.at(-1);
  return { first, last, change: first === 0 ? 0 : last / first - 1 };
}
function mermaidText(text2) {
  const kept = [...text2.normalize("NFKC")].filter((c) => /[\p{L}\p{N} _.:/+-]/u.test(c)).join("").trim();
  return [...kept].slice(0, 60).join("") || "benchmark";
}
function chart(s, labels) {
  const points = s.values.map((v, i) => ({ v, label: labels[i] })).filter((p) => p.v !== null);
  const low = Math.min(...points.map((p) => p.v));
  const high = Math.max(...points.map((p) => p.v));
  const pad = Math.max(1, Math.round((high - low) * 0.1));
  return [
    "```mermaid",
    // Small, and in the blue of the SVG and GitHub's links (the default palette's first colour is pale).
    '%%{init: {"xyChart": {"width": 760, "height": 260}, "themeVariables": {"xyChart": {"plotColorPalette": "#0969da"}}}}%%',
    "xychart-beta",
    `  title "${mermaidText(s.name)}: estimated cycles"`,
    // Up to 10 runs by name; more would overlap, so by number (the table names the first and last).
    points.length <= 10 ? `  x-axis [${points.map((p) => `"${mermaidText(p.label)}"`).join(", ")}]` : `  x-axis "runs with a result, oldest to newest" 1 --> ${points.length}`,
    `  y-axis "estimated cycles" ${Math.max(0, low - pad)} --> ${high + pad}`,
    `  line [${points.map((p) => p.v).join(", ")}]`,
    "```"
  ];
}
function heapCells(values) {
  const sp = span(values);
  return sp ? `\`${sparkline(values)}\` | ${formatCount(sp.first)} \u2192 ${formatCount(sp.last)} | ${formatPercent(sp.change)}` : " | \u2013 | \u2013";
}
function heapTable(series) {
  const withHeap = series.filter((s) => s.heap);
  if (!withHeap.length) return [];
  return [
    "",
    "Heap of the benchmarks with `memory: true` (bytes, exact; \xB7 where not measured):",
    "",
    "| Benchmark | Allocated | First \u2192 last | | Peak live | First \u2192 last | |",
    "|---|---|--:|--:|---|--:|--:|",
    ...withHeap.map((s) => `| ${escapeMarkdown(s.name)} | ${heapCells(s.heap.totalBytes)} | ${heapCells(s.heap.peakBytes)} |`)
  ];
}
function trendMarkdown(series, labels, what, note) {
  if (labels.length < 2 || !series.length) return "";
  const rows = series.slice(0, MAX_ROWS).map((s) => ({ s, span: span(s.values) }));
  const out = [
    `### Default branch history: estimated cycles over ${what}`,
    "",
    ...note ? [note, ""] : [],
    `Oldest to newest (${escapeMarkdown(labels[0])} \u2026 ${escapeMarkdown(labels.at(-1))}); \xB7 where a benchmark failed or was absent.`,
    "",
    "| Benchmark | Trend | First | Last | First \u2192 last |",
    "|---|---|--:|--:|--:|",
    ...rows.map(
      ({ s, span: sp }) => sp ? `| ${escapeMarkdown(s.name)} | \`${sparkline(s.values)}\` | ${formatCount(sp.first)} | ${formatCount(sp.last)} | ${formatPercent(sp.change)} |` : `| ${escapeMarkdown(s.name)} | \`${sparkline(s.values)}\` | \u2013 | \u2013 | \u2013 |`
    )
  ];
  if (series.length > MAX_ROWS) out.push("", `${series.length - MAX_ROWS} more benchmark(s) not shown.`);
  out.push(...heapTable(rows.map((r) => r.s)));
  const moved = rows.filter((r) => r.span !== void 0 && r.span.first !== r.span.last).sort((a, b) => Math.abs(b.span.change) - Math.abs(a.span.change) || (a.s.name < b.s.name ? -1 : 1)).slice(0, MAX_CHARTS);
  for (const { s } of moved) out.push("", ...chart(s, labels));
  return `${out.join("\n")}
`;
}

// src/ci/history.ts
var HISTORY_SVG = "history.svg";
async function keepHistory(ci, occasion, head2, write) {
  if (!ci.history) return void 0;
  const { store, keep } = ci.history;
  let kept;
  try {
    kept = await store.load();
  } catch (error) {
    ci.log.warning(`Could not read the default branch's history: ${errorMessage(error)}`);
    kept = [];
  }
  const own = occasion.kind === "mainline" ? ci.shortSha(occasion.sha) : occasion.kind === "change" ? "this change" : void 0;
  const points = own === void 0 ? kept : [...kept, { label: own, results: slimForHistory(head2) }].slice(occasion.kind === "mainline" ? -keep : 0);
  if (occasion.kind === "mainline") {
    const problem = await store.save(points).catch((error) => errorMessage(error));
    if (problem) ci.log.warning(`The history was NOT kept: ${problem}`);
    else ci.log.info(`Kept the default branch's last ${points.length} run(s) for the trend.`);
  }
  const mainRuns = occasion.kind === "change" ? points.length - 1 : points.length;
  const what = `the last ${mainRuns} run(s) of the default branch${occasion.kind === "change" ? ", then this change" : ""}`;
  if (points.length < 2) return void 0;
  try {
    const labels = points.map((p) => p.label);
    const series = historySeries(points);
    write(HISTORY_SVG, historySvg(series, labels));
    const note = occasion.kind === "change" ? "_For context, not this change's result: the default branch's own runs, with this change as the last point. This change's comparison with its baseline is the report above._" : void 0;
    return trendMarkdown(series, labels, what, note);
  } catch (error) {
    ci.log.warning(`No trend in the job summary: ${errorMessage(error)}`);
    return void 0;
  }
}

// src/ci/shard-hand-over.ts
import { lstatSync as lstatSync11, readdirSync as readdirSync9 } from "node:fs";
import { join as join28 } from "node:path";
var SHARD_FILE = "shard.json";
var SCHEMA = "cg-bench-shard/1";
function writeShardHandOver(write, part) {
  const { head: head2, base, ...meta } = part;
  write(SHARD_FILE, `${JSON.stringify({ schema: SCHEMA, ...meta }, null, 2)}
`);
  write("head.json", resultsText(head2));
  if (base) write("base.json", resultsText(base));
}
function readOne(root, dir, shown) {
  let data;
  try {
    data = JSON.parse(readTextBeneath(root, join28(dir, SHARD_FILE), 2 * MiB, "shard hand-over", `${shown}/${SHARD_FILE}`));
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    throw new CgBenchError(`${shown}/${SHARD_FILE}: not valid JSON`);
  }
  const d = typeof data === "object" && data !== null ? data : {};
  const bad = (field) => new CgBenchError(`${shown}/${SHARD_FILE}: "${field}" is missing or invalid`);
  if (d["schema"] !== SCHEMA) throw new CgBenchError(`${shown}/${SHARD_FILE}: not a cg-bench shard hand-over (${SCHEMA})`);
  const int = (k) => Number.isInteger(d[k]) && d[k] >= 1 && d[k] <= MAX_SHARDS ? d[k] : void 0;
  const text2 = (k, max) => typeof d[k] === "string" && d[k].length <= max ? d[k] : void 0;
  const index = int("index") ?? (() => {
    throw bad("index");
  })();
  const count = int("count") ?? (() => {
    throw bad("count");
  })();
  const sha = text2("sha", 64);
  if (!sha || !/^[0-9a-f]{40,64}$/.test(sha)) throw bad("sha");
  const baselineSource = text2("baselineSource", 1e3) ?? (() => {
    throw bad("baselineSource");
  })();
  const imageIdentity = text2("imageIdentity", 1e3) ?? (() => {
    throw bad("imageIdentity");
  })();
  const configText = text2("configText", MiB) ?? (() => {
    throw bad("configText");
  })();
  const basePath = join28(dir, "base.json");
  return {
    dir,
    shown,
    index,
    count,
    sha,
    baselineSource,
    imageIdentity,
    configText,
    head: readResults(join28(dir, "head.json"), root),
    base: presentAt(basePath) ? readResults(basePath, root) : void 0
  };
}
function readShardHandOvers(root, shown) {
  if (presentAt(join28(root, SHARD_FILE))) return [readOne(root, root, shown)];
  let names;
  try {
    names = readdirSync9(root).sort();
  } catch {
    throw new CgBenchError(`${shown}: not a directory; give the directory the parts' artifacts were downloaded to`);
  }
  const dirs = names.filter((n) => lstatSync11(join28(root, n)).isDirectory() && presentAt(join28(root, n, SHARD_FILE)));
  if (!dirs.length) throw new CgBenchError(`${shown}: no ${SHARD_FILE} in it or in its subdirectories; download every part's artifact there`);
  return dirs.map((n) => readOne(root, join28(root, n), `${shown}/${n}`));
}

// src/ci/report-hand-over.ts
import { join as join29 } from "node:path";
var HAND_OVER_FILE = "report-job.json";
var SCHEMA2 = "cg-bench-report-job/1";
var MAX_SOURCE = 500;
var INCLUSIVE_FILE = "inclusive.json";
var INCLUSIVE_LIMIT = 4 * MiB;
var FLAME_GRAPH_PATH = /^flame\/[0-9]{2,6}-[A-Za-z0-9._-]{1,60}\.svg$/;
var MAX_FLAME_GRAPHS = 500;
function writeReportHandOver(write, handOver, head2, base) {
  const { pullRequest, flameGraphs, inclusive, ...rest } = handOver;
  const data = {
    schema: SCHEMA2,
    ...rest,
    baselineSource: rest.baselineSource.slice(0, MAX_SOURCE),
    ...pullRequest ? { pullRequest } : {},
    ...flameGraphs?.length ? { flameGraphs: flameGraphs.slice(0, MAX_FLAME_GRAPHS) } : {}
  };
  write(HAND_OVER_FILE, `${JSON.stringify(data, null, 2)}
`);
  write("head.json", [...resultsText(head2)].join(""));
  if (base) write("base.json", [...resultsText(base)].join(""));
  if (inclusive?.size) write(INCLUSIVE_FILE, `${JSON.stringify(Object.fromEntries(inclusive))}
`);
}
function readReportHandOver(root, sub, shown, missing) {
  const dir = join29(root, sub);
  const where2 = sub ? `${shown}/${sub}` : shown;
  const file = `${where2}/${HAND_OVER_FILE}`;
  if (!presentAt(join29(dir, HAND_OVER_FILE))) throw new CgBenchError(`${file}: missing; ${missing}`);
  let data;
  try {
    data = JSON.parse(readTextBeneath(root, join29(dir, HAND_OVER_FILE), 64 * KiB, "report hand-over", file));
  } catch (error) {
    if (error instanceof CgBenchError) throw error;
    throw new CgBenchError(`${file}: not valid JSON`);
  }
  const d = typeof data === "object" && data !== null ? data : {};
  const keys = Object.keys(d).filter((k) => k !== "pullRequest" && k !== "flameGraphs").sort().join(",");
  if (keys !== "baselineSource,schema,sha,suite" || d["schema"] !== SCHEMA2) throw new CgBenchError(`${file}: not a cg-bench report hand-over (${SCHEMA2})`);
  if (typeof d["sha"] !== "string" || !/^[0-9a-f]{40,64}$/.test(d["sha"])) throw new CgBenchError(`${file}: "sha" is not a commit sha`);
  if (typeof d["suite"] !== "string" || !/^[A-Za-z0-9._-]{1,100}$/.test(d["suite"])) throw new CgBenchError(`${file}: "suite" is not a suite id`);
  if (typeof d["baselineSource"] !== "string" || d["baselineSource"].length > MAX_SOURCE)
    throw new CgBenchError(`${file}: "baselineSource" is not a short text`);
  const pr = d["pullRequest"];
  if (pr !== void 0 && (!Number.isSafeInteger(pr) || pr < 1)) throw new CgBenchError(`${file}: "pullRequest" is not a pull request number`);
  const flame = d["flameGraphs"];
  if (flame !== void 0 && (!Array.isArray(flame) || flame.length > MAX_FLAME_GRAPHS || !flame.every((f) => typeof f === "string" && FLAME_GRAPH_PATH.test(f))))
    throw new CgBenchError(`${file}: "flameGraphs" is not a list of flame/NN-<benchmark>.svg`);
  const basePath = join29(dir, "base.json");
  const inclusivePath = join29(dir, INCLUSIVE_FILE);
  let inclusive;
  if (presentAt(inclusivePath)) {
    const shownInclusive = `${where2}/${INCLUSIVE_FILE}`;
    let figures;
    try {
      figures = JSON.parse(readTextBeneath(root, inclusivePath, INCLUSIVE_LIMIT, "report hand-over", shownInclusive));
    } catch (error) {
      if (error instanceof CgBenchError) throw error;
      throw new CgBenchError(`${shownInclusive}: not valid JSON`);
    }
    inclusive = parseInclusiveFigures(figures, shownInclusive);
  }
  return {
    handOver: {
      sha: d["sha"],
      suite: d["suite"],
      baselineSource: d["baselineSource"],
      pullRequest: pr,
      ...flame ? { flameGraphs: flame } : {},
      ...inclusive ? { inclusive } : {}
    },
    head: readResults(join29(dir, "head.json"), root),
    base: presentAt(basePath) ? readResults(basePath, root) : void 0
  };
}

// src/publish/report-body.ts
var GITHUB_SUMMARY_LIMIT = 1024 * 1024;
function reportBody(marker, input, fit, after = "") {
  if (!fit) return `${marker}
${renderMarkdown(input)}${after}`;
  const size = fit.size ?? characters;
  const report = renderMarkdown(input, { ...fit, size, limit: fit.limit - size(`${marker}
`) - size(after) });
  return `${marker}
${report}${after}`;
}

// src/ci/report-job.ts
function makeReport(ci, head2, headCode, found2, more) {
  let baseline = found2;
  const compared = compareWithBaseline(baseline.results, head2, { thresholdPercent: ci.thresholdPercent });
  const { problem } = compared;
  const figures = new Map(more.inclusive ?? []);
  for (const g of more.flameGraphs ?? []) if (g.inclusive) figures.set(g.benchmark, g.inclusive);
  const comparison = compared.comparison && figures.size ? withInclusiveFigures(compared.comparison, figures) : compared.comparison;
  if (problem) {
    ci.log.warning(problem);
    baseline = { results: void 0, source: `none: ${problem}` };
  }
  const { commit } = more;
  const input = {
    head: head2,
    comparison,
    baselineSource: baseline.source,
    suite: ci.suite.heading,
    baselineCommit: commit && comparison ? { sha: commit.sha, short: ci.shortSha(commit.sha), url: ci.commitUrl(commit.sha), what: commit.what } : void 0,
    notRepeating: more.notRepeating,
    ...more.flameGraphs?.length ? { flameGraphs: more.flameGraphs } : {}
  };
  return {
    head: head2,
    headCode,
    baseline: baseline.results,
    baselineSource: baseline.source,
    baselineSaved: more.baselineSaved,
    comparison,
    body: reportBody(ci.suite.marker, input),
    input,
    trend: more.trend
  };
}
function outcomeOf(report, failOnRegression) {
  const { head: head2, headCode, comparison } = report;
  if (headCode === ExitCode.benchmarkFailed) return { kind: "benchmarks-failed", count: head2.benchmarks.filter((b) => b.status !== "ok").length };
  const regressed = regressedNames(head2, comparison);
  if (failOnRegression && regressed.length > 0) return { kind: "regressed", count: regressed.length, names: regressed };
  return { kind: "ok" };
}
async function runReportJob(ci) {
  const { root, sub, shown, missing } = ci.handOver;
  const { handOver, head: head2, base } = readReportHandOver(root, sub, shown, missing);
  const suite = await ci.accept(handOver);
  const failed = head2.benchmarks.some((b) => b.status !== "ok");
  const sourceShown = ci.baselineSourceShown;
  const source = sourceShown === void 0 ? handOver.baselineSource : base ? sourceShown : "none";
  const report = makeReport(
    { ...ci, suite },
    head2,
    failed ? ExitCode.benchmarkFailed : ExitCode.ok,
    { results: base, source },
    {
      commit: ci.baselineCommit(),
      flameGraphs: flameGraphsOf(ci, head2, handOver.flameGraphs),
      inclusive: handOver.inclusive
    }
  );
  await ci.publishReport(suite, report);
  return outcomeOf(report, ci.failOnRegression);
}
function flameGraphsOf(ci, head2, named) {
  if (!named?.length || !ci.flameGraphUrl) return [];
  const present = new Set(named);
  return head2.benchmarks.flatMap((b, i) => {
    const path = `${FLAME_DIRECTORY}/${slugify(b.name, i)}.svg`;
    return present.has(path) ? [{ benchmark: b.name, path, url: ci.flameGraphUrl?.(path), ...ci.flameGraphLabel ? { label: ci.flameGraphLabel } : {} }] : [];
  });
}

// src/ci/stopwatch.ts
import { join as join30 } from "node:path";
function hasTimedBenchmarks(ci) {
  try {
    return timedSpecs(loadConfig(absolutePath(join30(ci.repoRoot, ci.workingDirectory, ci.config), "configuration"), ci.repoRoot)).length > 0;
  } catch {
    return false;
  }
}
async function timeAgainstBaseline(ci, measurer, lookup, checkout, head2) {
  const short3 = ci.shortSha(lookup.commit.sha);
  if (lookup.none || !lookup.fetched) {
    ci.log.warning(`The timed benchmarks were not run: ${lookup.none ?? `the ${lookup.commit.what} ${short3} could not be fetched`}.`);
    return head2;
  }
  ci.log.info(`Timing the timed benchmarks against the ${lookup.commit.what} ${short3}, paired on this runner`);
  try {
    const m = await measurer.timePaired(
      join30(ci.repoRoot, ci.workingDirectory),
      join30(checkout.path(), ci.workingDirectory),
      ci.config,
      join30(ci.outRoot, "paired")
    );
    if (!m.timed) {
      ci.log.warning(`The timed benchmarks could not be timed: ${m.error}`);
      return head2;
    }
    return { ...head2, timed: m.timed };
  } catch (error) {
    ci.log.warning(`The timed benchmarks could not be timed: ${errorMessage(error)}`);
    return head2;
  }
}

// src/ci/pipeline.ts
function writer(out) {
  return writerBeneath(out.held, out.real);
}
function subdirectoryWriter(ci, out, dir) {
  const sub = relative14(ci.outRoot, dir);
  if (!sub || sub.startsWith("..") || isAbsolute8(sub)) throw new Error(`${dir} is not beneath the output directory ${ci.outRoot}`);
  return freshDirectoryBeneath(out.held, out.real, sub);
}
async function withHeldOutRoot(ci, run) {
  mkdirSync13(ci.outRoot, { recursive: true });
  const real = realPathBeforeRuns(ci.outRoot);
  const held2 = holdDirectory(ci.outRoot, real);
  try {
    return await run({ held: held2, real });
  } finally {
    held2.release();
  }
}
function runPipeline(ci, measurer) {
  return withHeldOutRoot(ci, (out) => measureAndReport(ci, measurer, out));
}
async function measureAndReport(ci, measurer, out) {
  const occasion = await ci.occasion();
  const headRun = await measureHead(ci, measurer, ci.callTree && occasion.kind === "change" ? { callTree: true } : {});
  if (!headRun.results) return cannotRun(ci, headRun);
  let head2 = headRun.results;
  const timed = hasTimedBenchmarks(ci);
  let baseline = { results: void 0, source: "none" };
  let saved;
  let unrepeated;
  let flameGraphs;
  if (occasion.kind === "change") {
    if ("none" in occasion.baseline) baseline = { results: void 0, source: `none: ${occasion.baseline.none}` };
    else {
      const lookup = await lookUpBaseline(ci, measurer, occasion.baseline, head2.environment);
      const checkout = baseCheckout(ci, lookup.commit.sha);
      try {
        baseline = await settleBaseline(ci, measurer, lookup, head2, checkout);
        if (timed) {
          head2 = await timeAgainstBaseline(ci, measurer, lookup, checkout, head2);
          writer(out)("head/results.json", resultsText(head2));
        }
        if (ci.callTree)
          flameGraphs = await drawChangeFlameGraphs(
            ci,
            measurer,
            checkout,
            head2,
            baseline,
            () => subdirectoryWriter(ci, out, join31(ci.outRoot, FLAME_DIRECTORY))
          );
      } finally {
        checkout.remove();
      }
    }
  } else if (occasion.kind === "mainline") {
    if (ci.checkDeterminism) unrepeated = await measureHeadAgain(ci, measurer, {}, head2);
    saved = await saveMainlineBaseline(ci, { sha: occasion.sha, configText: headConfigText(ci), imageIdentity: measurer.imageIdentity }, head2);
  }
  if (timed && occasion.kind !== "change")
    ci.log.info("The timed benchmarks (mode: wallclock, cputime, counters) are timed against a base on pull and merge requests only.");
  return finish2(ci, out, head2, headRun.code, baseline, {
    baselineSaved: saved,
    trend: await keepHistory(ci, occasion, head2, writer(out)),
    commit: baselineCommitOf(occasion),
    notRepeating: unrepeated,
    flameGraphs
  });
}
function runShard(ci, measurer, shard, headSha) {
  return withHeldOutRoot(ci, (out) => measurePart(ci, measurer, shard, headSha, out));
}
async function measurePart(ci, measurer, shard, headSha, out) {
  const occasion = await ci.occasion();
  if (hasTimedBenchmarks(ci))
    ci.log.warning(
      "The timed benchmarks (mode: wallclock, cputime, counters) are not run in a sharded pipeline: timing them in parallel jobs would pair nothing."
    );
  let lookup;
  let source = "none";
  if (occasion.kind === "change") {
    if ("none" in occasion.baseline) source = `none: ${occasion.baseline.none}`;
    else lookup = await lookUpBaseline(ci, measurer, occasion.baseline, await measurer.environment());
  }
  const selection = { shard, durations: lookup?.stored?.results };
  const headRun = await measureHead(ci, measurer, ci.callTree && lookup ? { ...selection, callTree: true } : selection);
  if (!headRun.results) return cannotRun(ci, headRun);
  if (ci.checkDeterminism && occasion.kind === "mainline") await measureHeadAgain(ci, measurer, selection, headRun.results);
  let baseline = { results: void 0, source };
  const dir = ci.shardDir(shard);
  const handOver = (base) => {
    const write = subdirectoryWriter(ci, out, dir);
    writeShardHandOver(write, {
      index: shard.index,
      count: shard.count,
      sha: headSha,
      baselineSource: baseline.source,
      imageIdentity: measurer.imageIdentity,
      configText: headConfigText(ci),
      head: headRun.results,
      base
    });
    return write;
  };
  if (lookup) {
    const checkout = baseCheckout(ci, lookup.commit.sha);
    try {
      baseline = await settleBaseline(ci, measurer, lookup, headRun.results, checkout, selection);
      const trees = ci.callTree ? await partCallTrees(ci, measurer, checkout, headRun.results, baseline) : void 0;
      const write = handOver(baseline.results);
      if (trees) handOverCallTrees(ci, headRun.results, trees, write);
    } finally {
      checkout.remove();
    }
  } else handOver(void 0);
  await ci.publishShard(shard, dir);
  const failed = headRun.results.benchmarks.filter((b) => b.status !== "ok").length;
  return headRun.code === ExitCode.benchmarkFailed ? { kind: "benchmarks-failed", count: failed } : { kind: "ok" };
}
function runMerge(ci, partsDir, shownDir) {
  return withHeldOutRoot(ci, (out) => mergeAndReport(ci, partsDir, shownDir, out));
}
async function mergeAndReport(ci, partsDir, shownDir, out) {
  const parts = readShardHandOvers(partsDir, shownDir);
  const source = (i) => `${shownDir}: part ${parts[i].index}/${parts[i].count}`;
  const head2 = mergeShards(parts.map((p, i) => ({ results: p.head, source: source(i) })));
  const shas = new Set(parts.map((p) => p.sha));
  if (shas.size !== 1) ci.log.warning(`The parts measured different commits (${[...shas].map((s) => ci.shortSha(s)).join(", ")}).`);
  let baseline;
  const missing = parts.findIndex((p) => !p.base);
  if (missing >= 0)
    baseline = {
      results: void 0,
      source: parts[missing].baselineSource.startsWith("none") ? parts[missing].baselineSource : `none: ${source(missing)} has no baseline`
    };
  else {
    const sources = [...new Set(parts.map((p) => p.baselineSource))];
    baseline = { results: mergeShards(parts.map((p, i) => ({ results: p.base, source: `${source(i)} (baseline)` }))), source: sources.join("; ") };
  }
  const write = writer(out);
  write("head/results.json", resultsText(head2));
  if (baseline.results) write("base/results.json", resultsText(baseline.results));
  const occasion = await ci.occasion();
  const saved = occasion.kind === "mainline" ? await saveMainlineBaseline(ci, { sha: occasion.sha, configText: parts[0].configText, imageIdentity: parts[0].imageIdentity }, head2) : void 0;
  const failed = head2.benchmarks.some((b) => b.status !== "ok");
  const commit = baselineCommitOf(occasion);
  const flameGraphs = ci.callTree && commit ? drawMergedFlameGraphs(
    ci,
    parts,
    partsDir,
    head2,
    baseline,
    commit.sha,
    writer(out),
    () => subdirectoryWriter(ci, out, join31(ci.outRoot, FLAME_DIRECTORY))
  ) : void 0;
  return finish2(ci, out, head2, failed ? ExitCode.benchmarkFailed : ExitCode.ok, baseline, {
    baselineSaved: saved,
    trend: await keepHistory(ci, occasion, head2, writer(out)),
    commit,
    flameGraphs
  });
}
async function measureHead(ci, measurer, selection) {
  const part = selection.shard ? `, part ${selection.shard.index}/${selection.shard.count}` : "";
  ci.log.info(`Measuring ${ci.suite.name} (head${part})`);
  return measurer.measure(join31(ci.repoRoot, ci.workingDirectory), ci.config, join31(ci.outRoot, "head"), selection);
}
async function measureHeadAgain(ci, measurer, selection, head2) {
  ci.log.info(`Measuring ${ci.suite.name} again (check-determinism: every count must repeat)`);
  const again = await measurer.measure(join31(ci.repoRoot, ci.workingDirectory), ci.config, join31(ci.outRoot, "head-again"), selection);
  if (!again.results) {
    ci.log.warning(`check-determinism: the second run could not be made (${again.error ?? `cg-bench exited with ${again.code}`}); determinism is not checked.`);
    return void 0;
  }
  const names = notRepeating(head2, again.results);
  if (names.length)
    ci.log.warning(
      `Not repeating: ${names.join(", ")}: events differ between two runs of the same commit (see ${NOT_REPEATING_HELP}). The first run's results are kept.`
    );
  else ci.log.info("check-determinism: every count repeated.");
  return names;
}
async function cannotRun(ci, headRun) {
  const message = headRun.error ?? `cg-bench exited with ${headRun.code}`;
  await ci.cannotRun(message);
  return { kind: "could-not-run", code: headRun.code || ExitCode.usage, message };
}
function baselineCommitOf(occasion) {
  return occasion.kind === "change" && "sha" in occasion.baseline ? occasion.baseline : void 0;
}
async function finish2(ci, out, head2, headCode, found2, kept) {
  const report = makeReport(ci, head2, headCode, found2, kept);
  const { comparison } = report;
  const write = writer(out);
  write("report.md", report.body);
  for (const format of ci.exports) write(exportFileName(format), reportFormat(format, { colour: false }).render({ head: head2, comparison }));
  for (const [name, text2] of Object.entries(ci.reportFiles?.(report) ?? {})) write(name, text2);
  const handOver = ci.reportHandOver();
  if (handOver) {
    const { dir, ...names } = handOver;
    const flameGraphs = report.input.flameGraphs?.map((g) => g.path);
    const inclusive = new Map(report.input.flameGraphs?.flatMap((g) => g.inclusive ? [[g.benchmark, g.inclusive]] : []));
    writeReportHandOver(
      subdirectoryWriter(ci, out, dir),
      { ...names, suite: ci.suite.id, baselineSource: report.baselineSource, flameGraphs, inclusive },
      head2,
      report.baseline
    );
  }
  await ci.publish(report);
  return outcomeOf(report, ci.failOnRegression);
}

// src/publish/suite.ts
import { createHash as createHash9 } from "node:crypto";
import { posix } from "node:path";

// src/publish/sticky.ts
var GITLAB_NOTE_LIMIT = 1e6;
function commentMarker(suiteId) {
  return `<!-- cg-bench:${suiteId} -->`;
}
function isStickyBody(body, marker) {
  return body?.startsWith(marker) ?? false;
}
var DETAILS = /\n<details>[\s\S]*?<\/details>\n/g;
function fitComment(body, limit) {
  if (body.length <= limit) return body;
  const withoutDetails = body.replace(DETAILS, "\n_Details omitted: the full report is in the job summary and the artifact._\n");
  if (withoutDetails.length <= limit) return withoutDetails;
  const lines = withoutDetails.split("\n");
  const kept = [];
  let length2 = 0;
  const room = limit - 200;
  for (const line of lines) {
    if (length2 + line.length + 1 > room) break;
    kept.push(line);
    length2 += line.length + 1;
  }
  const cut = lines.length - kept.length;
  return `${kept.join("\n")}

_\u2026 ${cut} more lines cut: the report is longer than a comment can hold. The full report is in the job summary and the artifact._
`;
}

// src/publish/suite.ts
function suiteFor(workingDirectory, config, name) {
  const configPath = posix.normalize(posix.join(workingDirectory, config));
  const id = name ? name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^\./, "-") : createHash9("sha256").update(configPath).digest("hex").slice(0, 12);
  return {
    id,
    name: name || configPath,
    marker: commentMarker(id),
    statusContext: name ? `cg-bench/${name}` : "cg-bench",
    configPath,
    ...name ? { heading: name } : {}
  };
}

// src/gitlab/adapter.ts
import { mkdtempSync as mkdtempSync4 } from "node:fs";
import { join as join33 } from "node:path";

// src/gitlab/artifact-store.ts
import { writeFileSync as writeFileSync6 } from "node:fs";
import { join as join32 } from "node:path";
var RESULTS_DIR = "cg-bench-results";
var REPORT_JOB_DIR = "report-job";
function defaultBranchArtifacts(api, job, outRoot, log) {
  const branch = job.defaultBranch;
  return {
    async restore({ sha }) {
      try {
        const where2 = `the ${RESULTS_DIR} artifacts of the latest successful job ${job.jobName} on ${branch}`;
        const commit = await api.latestArtifactFile(branch, job.jobName, `${RESULTS_DIR}/commit.json`);
        if (!commit) {
          log.info(
            `No stored baseline: ${where2} name no commit (the job has not run on ${branch} yet, its artifacts expired, or a benchmark failed there so it kept none).`
          );
          return void 0;
        }
        const measured = JSON.parse(commit.toString("utf8")).sha;
        if (typeof measured !== "string") {
          log.info(`No stored baseline: ${where2} have a commit.json that names no commit.`);
          return void 0;
        }
        if (measured !== sha) {
          log.info(
            `Not using ${where2}: they are for ${measured.slice(0, 8)}, and this merge request is compared with ${sha.slice(0, 8)} (${branch} has moved on since, or its pipeline for ${sha.slice(0, 8)} did not finish); the baseline is measured in this job instead.`
          );
          return void 0;
        }
        const file = await api.latestArtifactFile(branch, job.jobName, `${RESULTS_DIR}/head/results.json`);
        if (!file) {
          log.info(`No stored baseline: ${where2} are for ${sha.slice(0, 8)} but hold no ${RESULTS_DIR}/head/results.json.`);
          return void 0;
        }
        return {
          results: parseResults(JSON.parse(file.toString("utf8")), `${branch} artifact ${RESULTS_DIR}/head/results.json`),
          from: `from the ${branch} pipeline's artifacts`
        };
      } catch (error) {
        log.warning(`Could not use the ${branch} artifacts: ${errorMessage(error)}`);
        return void 0;
      }
    },
    async save({ sha }) {
      try {
        writeFileSync6(join32(outRoot, "commit.json"), `${JSON.stringify({ sha })}
`);
        return void 0;
      } catch (error) {
        return errorMessage(error);
      }
    }
  };
}

// src/gitlab/adapter.ts
async function publishNote(api, job, suite, body, log) {
  if (!job.token) {
    log.warning(
      `No merge request note: the variable ${job.tokenVariable} is empty. The job token cannot write notes; add a project access token (reporter role, api scope) as a masked CI/CD variable named ${job.tokenVariable}. The report is in the job log and artifacts.`
    );
    return;
  }
  const iid = job.mergeRequest.iid;
  const fitted = fitComment(body, GITLAB_NOTE_LIMIT);
  try {
    const existing = await api.findNote(iid, suite.marker);
    if (existing) await api.updateNote(iid, existing.id, fitted);
    else await api.createNote(iid, fitted);
    log.info(`${existing ? "Updated" : "Created"} the merge request note.`);
  } catch (error) {
    log.warning(`Could not write the merge request note: ${errorMessage(error)}. The report is in the job log and artifacts.`);
  }
}
function gitLabCommitUrl(job, sha) {
  return job.projectUrl ? `${job.projectUrl}/-/commit/${sha}` : void 0;
}
function flameGraphUrl(job, path) {
  return job.jobUrl ? `${job.jobUrl}/artifacts/file/${RESULTS_DIR}/${path}` : void 0;
}
function fullReportPlace(measuringJobUrl) {
  const file = `\`${RESULTS_DIR}/report.md\``;
  return measuringJobUrl ? `${file} in [the measuring job's artifacts](${measuringJobUrl}/artifacts/browse/${RESULTS_DIR}/)` : `${file} in the measuring job's artifacts`;
}
function noteBody(suite, input, measuringJobUrl) {
  return reportBody(suite.marker, input, { limit: GITLAB_NOTE_LIMIT, fullReport: fullReportPlace(measuringJobUrl) });
}
function gitLabAdapter(job, suite, api, outRoot, log) {
  return {
    log,
    suite,
    repoRoot: job.projectDir,
    workingDirectory: job.workingDirectory,
    config: job.config,
    outRoot,
    thresholdPercent: job.thresholdPercent,
    exports: job.exports,
    failOnRegression: job.failOnRegression,
    checkDeterminism: job.checkDeterminism,
    callTree: job.callTree,
    flameGraphUrl: (path) => flameGraphUrl(job, path),
    store: defaultBranchArtifacts(api, job, outRoot, log),
    history: void 0,
    shortSha: (sha) => sha.slice(0, 8),
    commitUrl: (sha) => gitLabCommitUrl(job, sha),
    fetchCommit: (sha) => ensureCommit(job.projectDir, sha),
    baseCheckoutDir: () => join33(mkdtempSync4(join33(ownTmpdir(), "cg-bench-base-")), "checkout"),
    async occasion() {
      const mr = job.mergeRequest;
      if (mr) {
        const { what } = mr.baseline;
        const sha = mr.baseline.sha ?? headParents(job.projectDir)[0];
        if (!sha) return { kind: "change", baseline: { none: `the ${what} commit of this merged-results pipeline is unknown` } };
        return {
          kind: "change",
          baseline: { sha, what, ...what === "target branch" ? { why: "merged-results pipeline: the commit the merge was made on" } : {} }
        };
      }
      return job.onDefaultBranch ? { kind: "mainline", sha: job.commitSha } : { kind: "other" };
    },
    async cannotRun(message) {
      log.write(`cg-bench: ${message}
`);
    },
    reportFiles(report) {
      const input = { head: report.head, comparison: report.comparison, baselineSource: report.baselineSource };
      return {
        "junit.xml": junitReport.render(input),
        "metrics.txt": openMetricsReport.render(input),
        ...report.comparison ? { "comparison.json": jsonReport.render(input) } : {}
      };
    },
    async publish(report) {
      const input = { head: report.head, comparison: report.comparison, baselineSource: report.baselineSource };
      log.write(terminalReport({ colour: true }).render(input));
      if (!job.mergeRequest) return;
      if (job.mode === "both") await publishNote(api, job, suite, noteBody(suite, report.input, job.jobUrl), log);
      else log.info(`The merge request note is written by the note job, which alone holds ${job.tokenVariable}.`);
    },
    // In the artifacts, for the note job (REPORT_JOB_DIR).
    reportHandOver: () => ({ dir: join33(outRoot, REPORT_JOB_DIR), sha: job.commitSha }),
    // Parallel jobs' artifacts are unpacked into one directory for the merge job: one subdirectory each.
    shardDir: (shard) => join33(outRoot, "shards", String(shard.index)),
    async publishShard(shard, dir) {
      log.info(`Part ${shard.index}/${shard.count} measured (${dir}); the merge job reports.`);
    }
  };
}

// src/publish/http.ts
async function fetchWithRetry(url, init, options = {}) {
  const attempts = options.attempts ?? 4;
  const base = options.baseDelayMs ?? 1e3;
  let lastError;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let wait = base * 2 ** (attempt - 1);
    try {
      const response = await fetch(url, init);
      if (response.status < 500 && response.status !== 429) return response;
      if (attempt === attempts) return response;
      const retryAfter = Number(response.headers.get("retry-after"));
      if (Number.isFinite(retryAfter) && retryAfter > 0) wait = Math.min(retryAfter * 1e3, 6e4);
      options.log?.(`${init.method ?? "GET"} ${new URL(url).pathname}: HTTP ${response.status}; retrying in ${wait / 1e3}s`);
      await response.arrayBuffer();
    } catch (error) {
      lastError = error;
      if (attempt === attempts) throw error;
      options.log?.(`${init.method ?? "GET"} ${new URL(url).pathname}: ${String(error)}; retrying in ${wait / 1e3}s`);
    }
    await new Promise((resolve10) => setTimeout(resolve10, wait));
  }
  throw lastError instanceof Error ? lastError : new Error("request failed");
}
var HttpError = class extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
    this.name = "HttpError";
  }
  status;
};

// src/gitlab/api.ts
function createGitLabApi(options) {
  const project = `${options.apiUrl.replace(/\/$/, "")}/projects/${encodeURIComponent(options.projectId)}`;
  const withToken = () => {
    if (!options.token) throw new HttpError(401, "no API token (set the variable named by the token-variable input)");
    return { "PRIVATE-TOKEN": options.token };
  };
  const json = async (url, init) => {
    const response = await fetchWithRetry(url, init, { log: options.log });
    if (!response.ok)
      throw new HttpError(
        response.status,
        `${init.method ?? "GET"} ${new URL(url).pathname}: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`
      );
    return await response.json();
  };
  const send = (method, body) => ({
    method,
    headers: { ...withToken(), "content-type": "application/json" },
    body: JSON.stringify({ body })
  });
  return {
    async latestArtifactFile(ref, job, path) {
      const url = `${project}/jobs/artifacts/${encodeURIComponent(ref)}/raw/${path.split("/").map(encodeURIComponent).join("/")}?job=${encodeURIComponent(job)}`;
      const headers = options.jobToken ? { "JOB-TOKEN": options.jobToken } : options.token ? { "PRIVATE-TOKEN": options.token } : {};
      const response = await fetchWithRetry(url, { headers }, { log: options.log });
      if (response.status === 404) return void 0;
      if (!response.ok) throw new HttpError(response.status, `artifact download: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async findNote(iid, marker) {
      const me = await json(`${options.apiUrl.replace(/\/$/, "")}/user`, { headers: withToken() });
      for (let page = 1; page <= 50; page++) {
        const notes = await json(
          `${project}/merge_requests/${iid}/notes?per_page=100&page=${page}&sort=asc&order_by=created_at`,
          { headers: withToken() }
        );
        const found2 = notes.find((n) => !n.system && n.author?.id === me.id && isStickyBody(n.body, marker));
        if (found2) return { id: found2.id };
        if (notes.length < 100) return void 0;
      }
      return void 0;
    },
    async createNote(iid, body) {
      return json(`${project}/merge_requests/${iid}/notes`, send("POST", body));
    },
    async updateNote(iid, id, body) {
      return json(`${project}/merge_requests/${iid}/notes/${id}`, send("PUT", body));
    }
  };
}

// src/gitlab/job.ts
import { resolve as resolve9 } from "node:path";

// src/config/option-text.ts
var componentInput = (name) => `input "${name}" (CG_BENCH_${name.toUpperCase().replace(/-/g, "_")})`;
function refuse(where2, value, what) {
  throw new CgBenchError(`${where2}: ${JSON.stringify(value)} ${what}`);
}
function percentFromText(text2) {
  const t = text2.trim();
  if (!/^[0-9]+(\.[0-9]+)?\s?%?$/.test(t)) return null;
  return Number(t.replace(/\s?%$/, ""));
}
function positiveIntegerFromText(text2, max) {
  const t = text2.trim();
  if (!/^[0-9]{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= max ? n : null;
}
function thresholdOption(where2, text2) {
  if (text2 === void 0) return void 0;
  return percentFromText(text2) ?? refuse(where2, text2, "is not a percentage (write 1% or 0.5%)");
}
function countOption(where2, text2, fallback, options = {}) {
  if (text2 === void 0) return fallback;
  const max = options.max ?? 1024;
  if (options.zero !== void 0 && text2.trim() === "0") return 0;
  const from = options.zero !== void 0 ? `0 to ${max}, in digits (${options.zero})` : `1 to ${max}, in digits`;
  return positiveIntegerFromText(text2, max) ?? refuse(where2, text2, `must be a whole number from ${from}`);
}
function booleanOption(where2, text2, fallback) {
  if (text2 === void 0) return fallback;
  if (/^(true|yes|on|1)$/i.test(text2.trim())) return true;
  if (/^(false|no|off|0)$/i.test(text2.trim())) return false;
  return refuse(where2, text2, "is not true or false");
}
function choiceOption(where2, text2, allowed, fallback) {
  if (text2 === void 0) return fallback;
  const t = text2.trim();
  return allowed.find((a) => a === t) ?? refuse(where2, text2, `is not one of ${allowed.join(", ")}`);
}
function exportsOption(where2, text2) {
  const names = (text2 ?? "").split(/[\s,]+/).filter(Boolean);
  const unknown = names.find((n) => !EXPORT_FORMATS.includes(n));
  if (unknown !== void 0) refuse(where2, unknown, `is not an export format (write ${EXPORT_FORMATS.join(", ")}, or nothing)`);
  return [...new Set(names)];
}

// src/gitlab/job.ts
var JOB_MODES = ["measure", "note", "both", "merge"];
function mergeRequestFrom(env, need) {
  const iid = env["CI_MERGE_REQUEST_IID"];
  if (!iid) return void 0;
  if (env["CI_MERGE_REQUEST_EVENT_TYPE"] === "merged_result") {
    return { iid: Number(iid), baseline: { sha: env["CI_MERGE_REQUEST_TARGET_BRANCH_SHA"] || void 0, what: "target branch" } };
  }
  return { iid: Number(iid), baseline: { sha: need("CI_MERGE_REQUEST_DIFF_BASE_SHA"), what: "merge-base" } };
}
function shardFrom(env) {
  const total = env["CI_NODE_TOTAL"];
  if (!total || total === "1") return void 0;
  return parseShard(`${env["CI_NODE_INDEX"] ?? ""}/${total}`, "CI_NODE_INDEX/CI_NODE_TOTAL");
}
function readJob(env) {
  const need = (name) => {
    const value = env[name];
    if (!value) throw new CgBenchError(`${name} is not set: cg-bench's GitLab job runs in a GitLab CI job`);
    return value;
  };
  const input = (name) => env[`CG_BENCH_${name.toUpperCase().replace(/-/g, "_")}`]?.trim() || void 0;
  const thresholdPercent = thresholdOption(componentInput("threshold"), input("threshold"));
  const failOnRegression = booleanOption(componentInput("fail-on-regression"), input("fail-on-regression"), false);
  const checkDeterminism = booleanOption(componentInput("check-determinism"), input("check-determinism"), false);
  const callTree2 = booleanOption(componentInput("call-tree"), input("call-tree"), false);
  const jobs = countOption(componentInput("jobs"), input("jobs"), 1);
  const mode = choiceOption("CG_BENCH_MODE", input("mode"), JOB_MODES, "both");
  const tokenVariable = input("token-variable") ?? "CG_BENCH_GITLAB_TOKEN";
  const exports = exportsOption(componentInput("exports"), input("exports"));
  const iid = env["CI_MERGE_REQUEST_IID"];
  const defaultBranch = need("CI_DEFAULT_BRANCH");
  return {
    apiUrl: need("CI_API_V4_URL"),
    projectUrl: env["CI_MERGE_REQUEST_PROJECT_URL"] || env["CI_PROJECT_URL"] || void 0,
    jobUrl: env["CI_JOB_URL"] || void 0,
    // A fork's merge request runs in the fork (CI_PROJECT_ID); its notes and baselines are the target's.
    projectId: env["CI_MERGE_REQUEST_PROJECT_ID"] || need("CI_PROJECT_ID"),
    // A path in an environment variable is relative to the caller's directory (README "Paths").
    projectDir: resolve9(need("CI_PROJECT_DIR")),
    jobName: (env["CG_BENCH_BASELINE_JOB"] || need("CI_JOB_NAME")).trim(),
    shard: shardFrom(env),
    jobToken: env["CI_JOB_TOKEN"] || void 0,
    token: env[tokenVariable] || void 0,
    tokenVariable,
    commitSha: need("CI_COMMIT_SHA"),
    defaultBranch,
    onDefaultBranch: !iid && env["CI_COMMIT_BRANCH"] === defaultBranch,
    mergeRequest: mergeRequestFrom(env, need),
    config: (env["CG_BENCH_CONFIG"] || DEFAULT_CONFIG_FILE).trim(),
    workingDirectory: (env["CG_BENCH_WORKING_DIRECTORY"] || ".").trim(),
    thresholdPercent,
    failOnRegression,
    checkDeterminism,
    callTree: callTree2,
    suite: (env["CG_BENCH_SUITE"] ?? "").trim(),
    jobs,
    mode,
    exports
  };
}

// src/gitlab/note-job.ts
function noteJob(job, suite, api, outRoot, log) {
  return {
    log,
    thresholdPercent: job.thresholdPercent,
    // The measuring job's exit code says how the benchmarks did; this job only writes the note.
    failOnRegression: false,
    handOver: {
      root: outRoot,
      sub: REPORT_JOB_DIR,
      shown: RESULTS_DIR,
      missing: "the note job needs the measuring job's artifacts (needs: with artifacts: true), and that job must have measured the head"
    },
    shortSha: (sha) => sha.slice(0, 8),
    commitUrl: (sha) => gitLabCommitUrl(job, sha),
    // The commit GitLab names for this merge request, as the measuring job was given it.
    baselineCommit: () => {
      const { sha, what } = job.mergeRequest.baseline;
      return sha ? { sha, what } : void 0;
    },
    flameGraphUrl: (path) => flameGraphUrl(job, path),
    async accept(handOver) {
      if (handOver.sha !== job.commitSha)
        throw new CgBenchError(
          `${RESULTS_DIR}: the measuring job measured ${handOver.sha.slice(0, 8)}, not this pipeline's commit ${job.commitSha.slice(0, 8)}; refusing its results`
        );
      if (handOver.suite !== suite.id)
        throw new CgBenchError(
          `${RESULTS_DIR}: the measuring job measured the suite "${handOver.suite}", not "${suite.id}"; give both jobs the same suite and config inputs`
        );
      return suite;
    },
    async publishReport(_suite, report) {
      await publishNote(api, job, suite, noteBody(suite, report.input, void 0), log);
    }
  };
}

// src/gitlab/output-directory.ts
import { lstatSync as lstatSync12, mkdirSync as mkdirSync14, readdirSync as readdirSync10, rmSync as rmSync15 } from "node:fs";
import { join as join34 } from "node:path";
function freshOutputDirectory(out, keep = []) {
  let isDirectory = false;
  try {
    isDirectory = lstatSync12(out).isDirectory();
  } catch {
  }
  if (!isDirectory) rmSync15(out, { force: true });
  else {
    for (const name of readdirSync10(out)) {
      if (!keep.includes(name)) rmSync15(join34(out, name), { recursive: true, force: true });
      else if (!lstatSync12(join34(out, name)).isDirectory()) {
        throw new CgBenchError(
          `${join34(out, name)}: is not a directory (a link?); it must hold the shard jobs' artifacts, and the merge request's tree must not have it`
        );
      }
    }
  }
  mkdirSync14(out, { recursive: true });
}

// src/gitlab/run.ts
async function runGitLabJob(env, log) {
  try {
    const job = readJob(env);
    const suite = suiteFor(job.workingDirectory, job.config, job.suite);
    const out = join35(job.projectDir, RESULTS_DIR);
    const api = createGitLabApi({ apiUrl: job.apiUrl, projectId: job.projectId, jobToken: job.jobToken, token: job.token, log: log.info });
    if (job.mode === "note") {
      const { mergeRequest } = job;
      if (!mergeRequest) log.info("Not a merge request pipeline: no note to write.");
      else await runReportJob(noteJob({ ...job, mergeRequest }, suite, api, out, log));
      return ExitCode.ok;
    }
    if (job.mode === "measure" && job.token) {
      log.warning(
        `${job.tokenVariable} is set in this job, where the merge request's code runs. Give it only to the note job: scope the variable to that job's environment (see the README, GitLab CI/CD component).`
      );
    }
    const jobs = jobsLine(job.jobs);
    if (jobs && job.mode !== "merge") log.info(jobs);
    const measurer = inImageMeasurer({ jobs: job.jobs, exclude: [".git", RESULTS_DIR], log: log.info });
    freshOutputDirectory(out, job.mode === "merge" ? ["shards"] : []);
    const adapter = gitLabAdapter(job, suite, api, out, log);
    const outcome2 = job.mode === "merge" ? await runMerge(adapter, join35(out, "shards"), `${RESULTS_DIR}/shards`) : job.shard ? await runShard(adapter, measurer, job.shard, job.commitSha) : await runPipeline(adapter, measurer);
    if (outcome2.kind === "could-not-run") return outcome2.code;
    if (outcome2.kind === "benchmarks-failed") return ExitCode.benchmarkFailed;
    if (outcome2.kind === "regressed") {
      log.write(`cg-bench: ${regressedMessage({ count: outcome2.count, names: outcome2.names.map(escapeTerminal) })}
`);
      return ExitCode.regression;
    }
    return ExitCode.ok;
  } catch (error) {
    log.write(`cg-bench: ${error instanceof CgBenchError ? error.message : error instanceof Error ? error.stack ?? error.message : String(error)}
`);
    return error instanceof CgBenchError ? error.exitCode : ExitCode.internal;
  }
}

// src/run/interrupt.ts
import { constants as constants9 } from "node:os";
function interruptExitCode(signal) {
  return 128 + constants9.signals[signal];
}
function exitOnInterrupt(say, exit = process.exit) {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      const stopped = killTrackedGroups();
      say(`cg-bench: interrupted by ${signal}: stopped ${stopped} running process group(s)
`);
      exit(interruptExitCode(signal));
    });
  }
}

// src/gitlab.ts
exitOnInterrupt((line) => process.stderr.write(line));
process.exitCode = await runGitLabJob(process.env, {
  info: (m) => process.stdout.write(`${m}
`),
  warning: (m) => process.stdout.write(`\x1B[33mWARNING: ${m}\x1B[0m
`),
  write: (t) => process.stdout.write(t)
});
