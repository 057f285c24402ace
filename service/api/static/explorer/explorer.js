(()=>{var yl=Object.create;var ri=Object.defineProperty;var bl=Object.getOwnPropertyDescriptor;var xl=Object.getOwnPropertyNames;var _l=Object.getPrototypeOf,Tl=Object.prototype.hasOwnProperty;var we=(n,a)=>()=>(a||n((a={exports:{}}).exports,a),a.exports);var El=(n,a,e,t)=>{if(a&&typeof a=="object"||typeof a=="function")for(let r of xl(a))!Tl.call(n,r)&&r!==e&&ri(n,r,{get:()=>a[r],enumerable:!(t=bl(a,r))||t.enumerable});return n};var st=(n,a,e)=>(e=n!=null?yl(_l(n)):{},El(a||!n||!n.__esModule?ri(e,"default",{value:n,enumerable:!0}):e,n));var _n=we((ig,Qa)=>{"use strict";var Xt=typeof Reflect=="object"?Reflect:null,ii=Xt&&typeof Xt.apply=="function"?Xt.apply:function(a,e,t){return Function.prototype.apply.call(a,e,t)},Zn;Xt&&typeof Xt.ownKeys=="function"?Zn=Xt.ownKeys:Object.getOwnPropertySymbols?Zn=function(a){return Object.getOwnPropertyNames(a).concat(Object.getOwnPropertySymbols(a))}:Zn=function(a){return Object.getOwnPropertyNames(a)};function Sl(n){console&&console.warn&&console.warn(n)}var si=Number.isNaN||function(a){return a!==a};function ce(){ce.init.call(this)}Qa.exports=ce;Qa.exports.once=Rl;ce.EventEmitter=ce;ce.prototype._events=void 0;ce.prototype._eventsCount=0;ce.prototype._maxListeners=void 0;var oi=10;function Qn(n){if(typeof n!="function")throw new TypeError('The "listener" argument must be of type Function. Received type '+typeof n)}Object.defineProperty(ce,"defaultMaxListeners",{enumerable:!0,get:function(){return oi},set:function(n){if(typeof n!="number"||n<0||si(n))throw new RangeError('The value of "defaultMaxListeners" is out of range. It must be a non-negative number. Received '+n+".");oi=n}});ce.init=function(){(this._events===void 0||this._events===Object.getPrototypeOf(this)._events)&&(this._events=Object.create(null),this._eventsCount=0),this._maxListeners=this._maxListeners||void 0};ce.prototype.setMaxListeners=function(a){if(typeof a!="number"||a<0||si(a))throw new RangeError('The value of "n" is out of range. It must be a non-negative number. Received '+a+".");return this._maxListeners=a,this};function li(n){return n._maxListeners===void 0?ce.defaultMaxListeners:n._maxListeners}ce.prototype.getMaxListeners=function(){return li(this)};ce.prototype.emit=function(a){for(var e=[],t=1;t<arguments.length;t++)e.push(arguments[t]);var r=a==="error",i=this._events;if(i!==void 0)r=r&&i.error===void 0;else if(!r)return!1;if(r){var o;if(e.length>0&&(o=e[0]),o instanceof Error)throw o;var s=new Error("Unhandled error."+(o?" ("+o.message+")":""));throw s.context=o,s}var l=i[a];if(l===void 0)return!1;if(typeof l=="function")ii(l,this,e);else for(var u=l.length,d=fi(l,u),t=0;t<u;++t)ii(d[t],this,e);return!0};function ui(n,a,e,t){var r,i,o;if(Qn(e),i=n._events,i===void 0?(i=n._events=Object.create(null),n._eventsCount=0):(i.newListener!==void 0&&(n.emit("newListener",a,e.listener?e.listener:e),i=n._events),o=i[a]),o===void 0)o=i[a]=e,++n._eventsCount;else if(typeof o=="function"?o=i[a]=t?[e,o]:[o,e]:t?o.unshift(e):o.push(e),r=li(n),r>0&&o.length>r&&!o.warned){o.warned=!0;var s=new Error("Possible EventEmitter memory leak detected. "+o.length+" "+String(a)+" listeners added. Use emitter.setMaxListeners() to increase limit");s.name="MaxListenersExceededWarning",s.emitter=n,s.type=a,s.count=o.length,Sl(s)}return n}ce.prototype.addListener=function(a,e){return ui(this,a,e,!1)};ce.prototype.on=ce.prototype.addListener;ce.prototype.prependListener=function(a,e){return ui(this,a,e,!0)};function wl(){if(!this.fired)return this.target.removeListener(this.type,this.wrapFn),this.fired=!0,arguments.length===0?this.listener.call(this.target):this.listener.apply(this.target,arguments)}function di(n,a,e){var t={fired:!1,wrapFn:void 0,target:n,type:a,listener:e},r=wl.bind(t);return r.listener=e,t.wrapFn=r,r}ce.prototype.once=function(a,e){return Qn(e),this.on(a,di(this,a,e)),this};ce.prototype.prependOnceListener=function(a,e){return Qn(e),this.prependListener(a,di(this,a,e)),this};ce.prototype.removeListener=function(a,e){var t,r,i,o,s;if(Qn(e),r=this._events,r===void 0)return this;if(t=r[a],t===void 0)return this;if(t===e||t.listener===e)--this._eventsCount===0?this._events=Object.create(null):(delete r[a],r.removeListener&&this.emit("removeListener",a,t.listener||e));else if(typeof t!="function"){for(i=-1,o=t.length-1;o>=0;o--)if(t[o]===e||t[o].listener===e){s=t[o].listener,i=o;break}if(i<0)return this;i===0?t.shift():Al(t,i),t.length===1&&(r[a]=t[0]),r.removeListener!==void 0&&this.emit("removeListener",a,s||e)}return this};ce.prototype.off=ce.prototype.removeListener;ce.prototype.removeAllListeners=function(a){var e,t,r;if(t=this._events,t===void 0)return this;if(t.removeListener===void 0)return arguments.length===0?(this._events=Object.create(null),this._eventsCount=0):t[a]!==void 0&&(--this._eventsCount===0?this._events=Object.create(null):delete t[a]),this;if(arguments.length===0){var i=Object.keys(t),o;for(r=0;r<i.length;++r)o=i[r],o!=="removeListener"&&this.removeAllListeners(o);return this.removeAllListeners("removeListener"),this._events=Object.create(null),this._eventsCount=0,this}if(e=t[a],typeof e=="function")this.removeListener(a,e);else if(e!==void 0)for(r=e.length-1;r>=0;r--)this.removeListener(a,e[r]);return this};function hi(n,a,e){var t=n._events;if(t===void 0)return[];var r=t[a];return r===void 0?[]:typeof r=="function"?e?[r.listener||r]:[r]:e?Dl(r):fi(r,r.length)}ce.prototype.listeners=function(a){return hi(this,a,!0)};ce.prototype.rawListeners=function(a){return hi(this,a,!1)};ce.listenerCount=function(n,a){return typeof n.listenerCount=="function"?n.listenerCount(a):ci.call(n,a)};ce.prototype.listenerCount=ci;function ci(n){var a=this._events;if(a!==void 0){var e=a[n];if(typeof e=="function")return 1;if(e!==void 0)return e.length}return 0}ce.prototype.eventNames=function(){return this._eventsCount>0?Zn(this._events):[]};function fi(n,a){for(var e=new Array(a),t=0;t<a;++t)e[t]=n[t];return e}function Al(n,a){for(;a+1<n.length;a++)n[a]=n[a+1];n.pop()}function Dl(n){for(var a=new Array(n.length),e=0;e<a.length;++e)a[e]=n[e].listener||n[e];return a}function Rl(n,a){return new Promise(function(e,t){function r(o){n.removeListener(a,i),t(o)}function i(){typeof n.removeListener=="function"&&n.removeListener("error",r),e([].slice.call(arguments))}gi(n,a,i,{once:!0}),a!=="error"&&Cl(n,r,{once:!0})})}function Cl(n,a,e){typeof n.on=="function"&&gi(n,"error",a,e)}function gi(n,a,e,t){if(typeof n.on=="function")t.once?n.once(a,e):n.on(a,e);else if(typeof n.addEventListener=="function")n.addEventListener(a,function r(i){t.once&&n.removeEventListener(a,r),e(i)});else throw new TypeError('The "emitter" argument must be of type EventEmitter. Received type '+typeof n)}});var Ft=we((bg,so)=>{so.exports=function(a){return a!==null&&typeof a=="object"&&typeof a.addUndirectedEdgeWithKey=="function"&&typeof a.dropNode=="function"&&typeof a.multi=="boolean"}});var Ss=we((np,Es)=>{Es.exports=function(){var a,e,t={};(function(){var i=0,o=1,s=2,l=3,u=4,d=5,h=6,c=7,f=8,g=9,m=0,v=1,p=2,y=0,b=1,_=2,x=3,E=4,w=5,A=6,S=7,C=8,G=3,L=10,N=3,k=9,I=10;t.exports=function(P,T,F){var O,z,R,V,j,K,Se,ue,Y,Je,Re=T.length,Dt=F.length,Xe=P.adjustSizes,Ka=P.barnesHutTheta*P.barnesHutTheta,$t,fe,ie,oe,Ye,J,X,M=[];for(R=0;R<Re;R+=L)T[R+u]=T[R+s],T[R+d]=T[R+l],T[R+s]=0,T[R+l]=0;if(P.outboundAttractionDistribution){for($t=0,R=0;R<Re;R+=L)$t+=T[R+h];$t/=Re/L}if(P.barnesHutOptimize){var Rt=1/0,jt=-1/0,Ct=1/0,Vt=-1/0,We,qt,Za;for(R=0;R<Re;R+=L)Rt=Math.min(Rt,T[R+i]),jt=Math.max(jt,T[R+i]),Ct=Math.min(Ct,T[R+o]),Vt=Math.max(Vt,T[R+o]);var jn=jt-Rt,Vn=Vt-Ct;for(jn>Vn?(Ct-=(jn-Vn)/2,Vt=Ct+jn):(Rt-=(Vn-jn)/2,jt=Rt+Vn),M[0+y]=-1,M[0+b]=(Rt+jt)/2,M[0+_]=(Ct+Vt)/2,M[0+x]=Math.max(jt-Rt,Vt-Ct),M[0+E]=-1,M[0+w]=-1,M[0+A]=0,M[0+S]=0,M[0+C]=0,O=1,R=0;R<Re;R+=L)for(z=0,Za=G;;)if(M[z+w]>=0){T[R+i]<M[z+b]?T[R+o]<M[z+_]?We=M[z+w]:We=M[z+w]+k:T[R+o]<M[z+_]?We=M[z+w]+k*2:We=M[z+w]+k*3,M[z+S]=(M[z+S]*M[z+A]+T[R+i]*T[R+h])/(M[z+A]+T[R+h]),M[z+C]=(M[z+C]*M[z+A]+T[R+o]*T[R+h])/(M[z+A]+T[R+h]),M[z+A]+=T[R+h],z=We;continue}else if(M[z+y]<0){M[z+y]=R;break}else{if(M[z+w]=O*k,ue=M[z+x]/2,Y=M[z+w],M[Y+y]=-1,M[Y+b]=M[z+b]-ue,M[Y+_]=M[z+_]-ue,M[Y+x]=ue,M[Y+E]=Y+k,M[Y+w]=-1,M[Y+A]=0,M[Y+S]=0,M[Y+C]=0,Y+=k,M[Y+y]=-1,M[Y+b]=M[z+b]-ue,M[Y+_]=M[z+_]+ue,M[Y+x]=ue,M[Y+E]=Y+k,M[Y+w]=-1,M[Y+A]=0,M[Y+S]=0,M[Y+C]=0,Y+=k,M[Y+y]=-1,M[Y+b]=M[z+b]+ue,M[Y+_]=M[z+_]-ue,M[Y+x]=ue,M[Y+E]=Y+k,M[Y+w]=-1,M[Y+A]=0,M[Y+S]=0,M[Y+C]=0,Y+=k,M[Y+y]=-1,M[Y+b]=M[z+b]+ue,M[Y+_]=M[z+_]+ue,M[Y+x]=ue,M[Y+E]=M[z+E],M[Y+w]=-1,M[Y+A]=0,M[Y+S]=0,M[Y+C]=0,O+=4,T[M[z+y]+i]<M[z+b]?T[M[z+y]+o]<M[z+_]?We=M[z+w]:We=M[z+w]+k:T[M[z+y]+o]<M[z+_]?We=M[z+w]+k*2:We=M[z+w]+k*3,M[z+A]=T[M[z+y]+h],M[z+S]=T[M[z+y]+i],M[z+C]=T[M[z+y]+o],M[We+y]=M[z+y],M[z+y]=-1,T[R+i]<M[z+b]?T[R+o]<M[z+_]?qt=M[z+w]:qt=M[z+w]+k:T[R+o]<M[z+_]?qt=M[z+w]+k*2:qt=M[z+w]+k*3,We===qt)if(Za--){z=We;continue}else{Za=G;break}M[qt+y]=R;break}}if(P.barnesHutOptimize)for(fe=P.scalingRatio,R=0;R<Re;R+=L)for(z=0;;)if(M[z+w]>=0)if(J=Math.pow(T[R+i]-M[z+S],2)+Math.pow(T[R+o]-M[z+C],2),Je=M[z+x],4*Je*Je/J<Ka){if(ie=T[R+i]-M[z+S],oe=T[R+o]-M[z+C],Xe===!0?J>0?(X=fe*T[R+h]*M[z+A]/J,T[R+s]+=ie*X,T[R+l]+=oe*X):J<0&&(X=-fe*T[R+h]*M[z+A]/Math.sqrt(J),T[R+s]+=ie*X,T[R+l]+=oe*X):J>0&&(X=fe*T[R+h]*M[z+A]/J,T[R+s]+=ie*X,T[R+l]+=oe*X),z=M[z+E],z<0)break;continue}else{z=M[z+w];continue}else{if(K=M[z+y],K>=0&&K!==R&&(ie=T[R+i]-T[K+i],oe=T[R+o]-T[K+o],J=ie*ie+oe*oe,Xe===!0?J>0?(X=fe*T[R+h]*T[K+h]/J,T[R+s]+=ie*X,T[R+l]+=oe*X):J<0&&(X=-fe*T[R+h]*T[K+h]/Math.sqrt(J),T[R+s]+=ie*X,T[R+l]+=oe*X):J>0&&(X=fe*T[R+h]*T[K+h]/J,T[R+s]+=ie*X,T[R+l]+=oe*X)),z=M[z+E],z<0)break;continue}else for(fe=P.scalingRatio,V=0;V<Re;V+=L)for(j=0;j<V;j+=L)ie=T[V+i]-T[j+i],oe=T[V+o]-T[j+o],Xe===!0?(J=Math.sqrt(ie*ie+oe*oe)-T[V+f]-T[j+f],J>0?(X=fe*T[V+h]*T[j+h]/J/J,T[V+s]+=ie*X,T[V+l]+=oe*X,T[j+s]-=ie*X,T[j+l]-=oe*X):J<0&&(X=100*fe*T[V+h]*T[j+h],T[V+s]+=ie*X,T[V+l]+=oe*X,T[j+s]-=ie*X,T[j+l]-=oe*X)):(J=Math.sqrt(ie*ie+oe*oe),J>0&&(X=fe*T[V+h]*T[j+h]/J/J,T[V+s]+=ie*X,T[V+l]+=oe*X,T[j+s]-=ie*X,T[j+l]-=oe*X));for(Y=P.gravity/P.scalingRatio,fe=P.scalingRatio,R=0;R<Re;R+=L)X=0,ie=T[R+i],oe=T[R+o],J=Math.sqrt(Math.pow(ie,2)+Math.pow(oe,2)),P.strongGravityMode?J>0&&(X=fe*T[R+h]*Y):J>0&&(X=fe*T[R+h]*Y/J),T[R+s]-=ie*X,T[R+l]-=oe*X;for(fe=1*(P.outboundAttractionDistribution?$t:1),Se=0;Se<Dt;Se+=N)V=F[Se+m],j=F[Se+v],ue=F[Se+p],Ye=Math.pow(ue,P.edgeWeightInfluence),ie=T[V+i]-T[j+i],oe=T[V+o]-T[j+o],Xe===!0?(J=Math.sqrt(ie*ie+oe*oe)-T[V+f]-T[j+f],P.linLogMode?P.outboundAttractionDistribution?J>0&&(X=-fe*Ye*Math.log(1+J)/J/T[V+h]):J>0&&(X=-fe*Ye*Math.log(1+J)/J):P.outboundAttractionDistribution?J>0&&(X=-fe*Ye/T[V+h]):J>0&&(X=-fe*Ye)):(J=Math.sqrt(Math.pow(ie,2)+Math.pow(oe,2)),P.linLogMode?P.outboundAttractionDistribution?J>0&&(X=-fe*Ye*Math.log(1+J)/J/T[V+h]):J>0&&(X=-fe*Ye*Math.log(1+J)/J):P.outboundAttractionDistribution?(J=1,X=-fe*Ye/T[V+h]):(J=1,X=-fe*Ye)),J>0&&(T[V+s]+=ie*X,T[V+l]+=oe*X,T[j+s]-=ie*X,T[j+l]-=oe*X);var qn,xn,Xn,Lt,Yn,Kn;if(Xe===!0)for(R=0;R<Re;R+=L)T[R+g]!==1&&(qn=Math.sqrt(Math.pow(T[R+s],2)+Math.pow(T[R+l],2)),qn>I&&(T[R+s]=T[R+s]*I/qn,T[R+l]=T[R+l]*I/qn),xn=T[R+h]*Math.sqrt((T[R+u]-T[R+s])*(T[R+u]-T[R+s])+(T[R+d]-T[R+l])*(T[R+d]-T[R+l])),Xn=Math.sqrt((T[R+u]+T[R+s])*(T[R+u]+T[R+s])+(T[R+d]+T[R+l])*(T[R+d]+T[R+l]))/2,Lt=.1*Math.log(1+Xn)/(1+Math.sqrt(xn)),Yn=T[R+i]+T[R+s]*(Lt/P.slowDown),T[R+i]=Yn,Kn=T[R+o]+T[R+l]*(Lt/P.slowDown),T[R+o]=Kn);else for(R=0;R<Re;R+=L)T[R+g]!==1&&(xn=T[R+h]*Math.sqrt((T[R+u]-T[R+s])*(T[R+u]-T[R+s])+(T[R+d]-T[R+l])*(T[R+d]-T[R+l])),Xn=Math.sqrt((T[R+u]+T[R+s])*(T[R+u]+T[R+s])+(T[R+d]+T[R+l])*(T[R+d]+T[R+l]))/2,Lt=T[R+c]*Math.log(1+Xn)/(1+Math.sqrt(xn)),T[R+c]=Math.min(1,Math.sqrt(Lt*(Math.pow(T[R+s],2)+Math.pow(T[R+l],2))/(1+Math.sqrt(xn)))),Yn=T[R+i]+T[R+s]*(Lt/P.slowDown),T[R+i]=Yn,Kn=T[R+o]+T[R+l]*(Lt/P.slowDown),T[R+o]=Kn);return{}}})();var r=t.exports;self.addEventListener("message",function(i){var o=i.data;a=new Float32Array(o.nodes),o.edges&&(e=new Float32Array(o.edges)),r(o.settings,a,e),self.postMessage({nodes:a.buffer},[a.buffer])})}});var Oa=we(Ma=>{function sf(n){return typeof n!="number"||isNaN(n)?1:n}function lf(n,a){var e={},t=function(o){return typeof o>"u"?a:o};typeof a=="function"&&(t=a);var r=function(o){return t(o[n])},i=function(){return t(void 0)};return typeof n=="string"?(e.fromAttributes=r,e.fromGraph=function(o,s){return r(o.getNodeAttributes(s))},e.fromEntry=function(o,s){return r(s)}):typeof n=="function"?(e.fromAttributes=function(){throw new Error("graphology-utils/getters/createNodeValueGetter: irrelevant usage.")},e.fromGraph=function(o,s){return t(n(s,o.getNodeAttributes(s)))},e.fromEntry=function(o,s){return t(n(o,s))}):(e.fromAttributes=i,e.fromGraph=i,e.fromEntry=i),e}function ws(n,a){var e={},t=function(o){return typeof o>"u"?a:o};typeof a=="function"&&(t=a);var r=function(o){return t(o[n])},i=function(){return t(void 0)};return typeof n=="string"?(e.fromAttributes=r,e.fromGraph=function(o,s){return r(o.getEdgeAttributes(s))},e.fromEntry=function(o,s){return r(s)},e.fromPartialEntry=e.fromEntry,e.fromMinimalEntry=e.fromEntry):typeof n=="function"?(e.fromAttributes=function(){throw new Error("graphology-utils/getters/createEdgeValueGetter: irrelevant usage.")},e.fromGraph=function(o,s){var l=o.extremities(s);return t(n(s,o.getEdgeAttributes(s),l[0],l[1],o.getNodeAttributes(l[0]),o.getNodeAttributes(l[1]),o.isUndirected(s)))},e.fromEntry=function(o,s,l,u,d,h,c){return t(n(o,s,l,u,d,h,c))},e.fromPartialEntry=function(o,s,l,u){return t(n(o,s,l,u))},e.fromMinimalEntry=function(o,s){return t(n(o,s))}):(e.fromAttributes=i,e.fromGraph=i,e.fromEntry=i,e.fromMinimalEntry=i),e}Ma.createNodeValueGetter=lf;Ma.createEdgeValueGetter=ws;Ma.createEdgeWeightGetter=function(n){return ws(n,sf)}});var Hr=we(Et=>{var Un=10,As=3;Et.assign=function(n){n=n||{};var a=Array.prototype.slice.call(arguments).slice(1),e,t,r;for(e=0,r=a.length;e<r;e++)if(a[e])for(t in a[e])n[t]=a[e][t];return n};Et.validateSettings=function(n){return"linLogMode"in n&&typeof n.linLogMode!="boolean"?{message:"the `linLogMode` setting should be a boolean."}:"outboundAttractionDistribution"in n&&typeof n.outboundAttractionDistribution!="boolean"?{message:"the `outboundAttractionDistribution` setting should be a boolean."}:"adjustSizes"in n&&typeof n.adjustSizes!="boolean"?{message:"the `adjustSizes` setting should be a boolean."}:"edgeWeightInfluence"in n&&typeof n.edgeWeightInfluence!="number"?{message:"the `edgeWeightInfluence` setting should be a number."}:"scalingRatio"in n&&!(typeof n.scalingRatio=="number"&&n.scalingRatio>=0)?{message:"the `scalingRatio` setting should be a number >= 0."}:"strongGravityMode"in n&&typeof n.strongGravityMode!="boolean"?{message:"the `strongGravityMode` setting should be a boolean."}:"gravity"in n&&!(typeof n.gravity=="number"&&n.gravity>=0)?{message:"the `gravity` setting should be a number >= 0."}:"slowDown"in n&&!(typeof n.slowDown=="number"||n.slowDown>=0)?{message:"the `slowDown` setting should be a number >= 0."}:"barnesHutOptimize"in n&&typeof n.barnesHutOptimize!="boolean"?{message:"the `barnesHutOptimize` setting should be a boolean."}:"barnesHutTheta"in n&&!(typeof n.barnesHutTheta=="number"&&n.barnesHutTheta>=0)?{message:"the `barnesHutTheta` setting should be a number >= 0."}:null};Et.graphToByteArrays=function(n,a){var e=n.order,t=n.size,r={},i,o=new Float32Array(e*Un),s=new Float32Array(t*As);return i=0,n.forEachNode(function(l,u){r[l]=i,o[i]=u.x,o[i+1]=u.y,o[i+2]=0,o[i+3]=0,o[i+4]=0,o[i+5]=0,o[i+6]=1,o[i+7]=1,o[i+8]=u.size||1,o[i+9]=u.fixed?1:0,i+=Un}),i=0,n.forEachEdge(function(l,u,d,h,c,f,g){var m=r[d],v=r[h],p=a(l,u,d,h,c,f,g);o[m+6]+=p,o[v+6]+=p,s[i]=m,s[i+1]=v,s[i+2]=p,i+=As}),{nodes:o,edges:s}};Et.assignLayoutChanges=function(n,a,e){var t=0;n.updateEachNodeAttributes(function(r,i){return i.x=a[t],i.y=a[t+1],t+=Un,e?e(r,i):i})};Et.readGraphPositions=function(n,a){var e=0;n.forEachNode(function(t,r){a[e]=r.x,a[e+1]=r.y,e+=Un})};Et.collectLayoutChanges=function(n,a,e){for(var t=n.nodes(),r={},i=0,o=0,s=a.length;i<s;i+=Un){if(e){var l=Object.assign({},n.getNodeAttributes(t[o]));l.x=a[i],l.y=a[i+1],l=e(t[o],l),r[t[o]]={x:l.x,y:l.y}}else r[t[o]]={x:a[i],y:a[i+1]};o++}return r};Et.createWorker=function(a){var e=window.URL||window.webkitURL,t=a.toString(),r=e.createObjectURL(new Blob(["("+t+").call(this);"],{type:"text/javascript"})),i=new Worker(r);return e.revokeObjectURL(r),i}});var $r=we((ip,Ds)=>{Ds.exports={linLogMode:!1,outboundAttractionDistribution:!1,adjustSizes:!1,edgeWeightInfluence:1,scalingRatio:1,strongGravityMode:!1,gravity:1,slowDown:1,barnesHutOptimize:!1,barnesHutTheta:.5}});var Cs=we((op,Rs)=>{var uf=Ss(),df=Ft(),hf=Oa().createEdgeWeightGetter,vn=Hr(),cf=$r();function St(n,a){if(a=a||{},!df(n))throw new Error("graphology-layout-forceatlas2/worker: the given graph is not a valid graphology instance.");var e=hf("getEdgeWeight"in a?a.getEdgeWeight:"weight").fromEntry,t=vn.assign({},cf,a.settings),r=vn.validateSettings(t);if(r)throw new Error("graphology-layout-forceatlas2/worker: "+r.message);this.worker=null,this.graph=n,this.settings=t,this.getEdgeWeight=e,this.matrices=null,this.running=!1,this.killed=!1,this.outputReducer=typeof a.outputReducer=="function"?a.outputReducer:null,this.handleMessage=this.handleMessage.bind(this);var i=void 0,o=this;this.handleGraphUpdate=function(){o.worker&&o.worker.terminate(),i&&clearTimeout(i),i=setTimeout(function(){i=void 0,o.spawnWorker()},0)},n.on("nodeAdded",this.handleGraphUpdate),n.on("edgeAdded",this.handleGraphUpdate),n.on("nodeDropped",this.handleGraphUpdate),n.on("edgeDropped",this.handleGraphUpdate),this.spawnWorker()}St.prototype.isRunning=function(){return this.running};St.prototype.spawnWorker=function(){this.worker&&this.worker.terminate(),this.worker=vn.createWorker(uf),this.worker.addEventListener("message",this.handleMessage),this.running&&(this.running=!1,this.start())};St.prototype.handleMessage=function(n){if(this.running){var a=new Float32Array(n.data.nodes);vn.assignLayoutChanges(this.graph,a,this.outputReducer),this.outputReducer&&vn.readGraphPositions(this.graph,a),this.matrices.nodes=a,this.askForIterations()}};St.prototype.askForIterations=function(n){var a=this.matrices,e={settings:this.settings,nodes:a.nodes.buffer},t=[a.nodes.buffer];return n&&(e.edges=a.edges.buffer,t.push(a.edges.buffer)),this.worker.postMessage(e,t),this};St.prototype.start=function(){if(this.killed)throw new Error("graphology-layout-forceatlas2/worker.start: layout was killed.");return this.running?this:(this.matrices=vn.graphToByteArrays(this.graph,this.getEdgeWeight),this.running=!0,this.askForIterations(!0),this)};St.prototype.stop=function(){return this.running=!1,this};St.prototype.kill=function(){if(this.killed)return this;this.running=!1,this.killed=!0,this.matrices=null,this.worker.terminate(),this.graph.removeListener("nodeAdded",this.handleGraphUpdate),this.graph.removeListener("edgeAdded",this.handleGraphUpdate),this.graph.removeListener("nodeDropped",this.handleGraphUpdate),this.graph.removeListener("edgeDropped",this.handleGraphUpdate)};Rs.exports=St});var Fs=we((sp,Is)=>{var xe=0,ve=1,se=2,le=3,ft=4,gt=5,de=6,Ls=7,Ua=8,ks=9,ff=0,gf=1,pf=2,Ae=0,je=1,Pe=2,Bt=3,wt=4,me=5,Ie=6,nt=7,at=8,Ps=3,Qe=10,vf=3,Le=9,jr=10;Is.exports=function(a,e,t){var r,i,o,s,l,u,d,h,c,f,g=e.length,m=t.length,v=a.adjustSizes,p=a.barnesHutTheta*a.barnesHutTheta,y,b,_,x,E,w,A,S=[];for(o=0;o<g;o+=Qe)e[o+ft]=e[o+se],e[o+gt]=e[o+le],e[o+se]=0,e[o+le]=0;if(a.outboundAttractionDistribution){for(y=0,o=0;o<g;o+=Qe)y+=e[o+de];y/=g/Qe}if(a.barnesHutOptimize){var C=1/0,G=-1/0,L=1/0,N=-1/0,k,I,W;for(o=0;o<g;o+=Qe)C=Math.min(C,e[o+xe]),G=Math.max(G,e[o+xe]),L=Math.min(L,e[o+ve]),N=Math.max(N,e[o+ve]);var P=G-C,T=N-L;for(P>T?(L-=(P-T)/2,N=L+P):(C-=(T-P)/2,G=C+T),S[0+Ae]=-1,S[0+je]=(C+G)/2,S[0+Pe]=(L+N)/2,S[0+Bt]=Math.max(G-C,N-L),S[0+wt]=-1,S[0+me]=-1,S[0+Ie]=0,S[0+nt]=0,S[0+at]=0,r=1,o=0;o<g;o+=Qe)for(i=0,W=Ps;;)if(S[i+me]>=0){e[o+xe]<S[i+je]?e[o+ve]<S[i+Pe]?k=S[i+me]:k=S[i+me]+Le:e[o+ve]<S[i+Pe]?k=S[i+me]+Le*2:k=S[i+me]+Le*3,S[i+nt]=(S[i+nt]*S[i+Ie]+e[o+xe]*e[o+de])/(S[i+Ie]+e[o+de]),S[i+at]=(S[i+at]*S[i+Ie]+e[o+ve]*e[o+de])/(S[i+Ie]+e[o+de]),S[i+Ie]+=e[o+de],i=k;continue}else if(S[i+Ae]<0){S[i+Ae]=o;break}else{if(S[i+me]=r*Le,h=S[i+Bt]/2,c=S[i+me],S[c+Ae]=-1,S[c+je]=S[i+je]-h,S[c+Pe]=S[i+Pe]-h,S[c+Bt]=h,S[c+wt]=c+Le,S[c+me]=-1,S[c+Ie]=0,S[c+nt]=0,S[c+at]=0,c+=Le,S[c+Ae]=-1,S[c+je]=S[i+je]-h,S[c+Pe]=S[i+Pe]+h,S[c+Bt]=h,S[c+wt]=c+Le,S[c+me]=-1,S[c+Ie]=0,S[c+nt]=0,S[c+at]=0,c+=Le,S[c+Ae]=-1,S[c+je]=S[i+je]+h,S[c+Pe]=S[i+Pe]-h,S[c+Bt]=h,S[c+wt]=c+Le,S[c+me]=-1,S[c+Ie]=0,S[c+nt]=0,S[c+at]=0,c+=Le,S[c+Ae]=-1,S[c+je]=S[i+je]+h,S[c+Pe]=S[i+Pe]+h,S[c+Bt]=h,S[c+wt]=S[i+wt],S[c+me]=-1,S[c+Ie]=0,S[c+nt]=0,S[c+at]=0,r+=4,e[S[i+Ae]+xe]<S[i+je]?e[S[i+Ae]+ve]<S[i+Pe]?k=S[i+me]:k=S[i+me]+Le:e[S[i+Ae]+ve]<S[i+Pe]?k=S[i+me]+Le*2:k=S[i+me]+Le*3,S[i+Ie]=e[S[i+Ae]+de],S[i+nt]=e[S[i+Ae]+xe],S[i+at]=e[S[i+Ae]+ve],S[k+Ae]=S[i+Ae],S[i+Ae]=-1,e[o+xe]<S[i+je]?e[o+ve]<S[i+Pe]?I=S[i+me]:I=S[i+me]+Le:e[o+ve]<S[i+Pe]?I=S[i+me]+Le*2:I=S[i+me]+Le*3,k===I)if(W--){i=k;continue}else{W=Ps;break}S[I+Ae]=o;break}}if(a.barnesHutOptimize)for(b=a.scalingRatio,o=0;o<g;o+=Qe)for(i=0;;)if(S[i+me]>=0)if(w=Math.pow(e[o+xe]-S[i+nt],2)+Math.pow(e[o+ve]-S[i+at],2),f=S[i+Bt],4*f*f/w<p){if(_=e[o+xe]-S[i+nt],x=e[o+ve]-S[i+at],v===!0?w>0?(A=b*e[o+de]*S[i+Ie]/w,e[o+se]+=_*A,e[o+le]+=x*A):w<0&&(A=-b*e[o+de]*S[i+Ie]/Math.sqrt(w),e[o+se]+=_*A,e[o+le]+=x*A):w>0&&(A=b*e[o+de]*S[i+Ie]/w,e[o+se]+=_*A,e[o+le]+=x*A),i=S[i+wt],i<0)break;continue}else{i=S[i+me];continue}else{if(u=S[i+Ae],u>=0&&u!==o&&(_=e[o+xe]-e[u+xe],x=e[o+ve]-e[u+ve],w=_*_+x*x,v===!0?w>0?(A=b*e[o+de]*e[u+de]/w,e[o+se]+=_*A,e[o+le]+=x*A):w<0&&(A=-b*e[o+de]*e[u+de]/Math.sqrt(w),e[o+se]+=_*A,e[o+le]+=x*A):w>0&&(A=b*e[o+de]*e[u+de]/w,e[o+se]+=_*A,e[o+le]+=x*A)),i=S[i+wt],i<0)break;continue}else for(b=a.scalingRatio,s=0;s<g;s+=Qe)for(l=0;l<s;l+=Qe)_=e[s+xe]-e[l+xe],x=e[s+ve]-e[l+ve],v===!0?(w=Math.sqrt(_*_+x*x)-e[s+Ua]-e[l+Ua],w>0?(A=b*e[s+de]*e[l+de]/w/w,e[s+se]+=_*A,e[s+le]+=x*A,e[l+se]-=_*A,e[l+le]-=x*A):w<0&&(A=100*b*e[s+de]*e[l+de],e[s+se]+=_*A,e[s+le]+=x*A,e[l+se]-=_*A,e[l+le]-=x*A)):(w=Math.sqrt(_*_+x*x),w>0&&(A=b*e[s+de]*e[l+de]/w/w,e[s+se]+=_*A,e[s+le]+=x*A,e[l+se]-=_*A,e[l+le]-=x*A));for(c=a.gravity/a.scalingRatio,b=a.scalingRatio,o=0;o<g;o+=Qe)A=0,_=e[o+xe],x=e[o+ve],w=Math.sqrt(Math.pow(_,2)+Math.pow(x,2)),a.strongGravityMode?w>0&&(A=b*e[o+de]*c):w>0&&(A=b*e[o+de]*c/w),e[o+se]-=_*A,e[o+le]-=x*A;for(b=1*(a.outboundAttractionDistribution?y:1),d=0;d<m;d+=vf)s=t[d+ff],l=t[d+gf],h=t[d+pf],E=Math.pow(h,a.edgeWeightInfluence),_=e[s+xe]-e[l+xe],x=e[s+ve]-e[l+ve],v===!0?(w=Math.sqrt(_*_+x*x)-e[s+Ua]-e[l+Ua],a.linLogMode?a.outboundAttractionDistribution?w>0&&(A=-b*E*Math.log(1+w)/w/e[s+de]):w>0&&(A=-b*E*Math.log(1+w)/w):a.outboundAttractionDistribution?w>0&&(A=-b*E/e[s+de]):w>0&&(A=-b*E)):(w=Math.sqrt(Math.pow(_,2)+Math.pow(x,2)),a.linLogMode?a.outboundAttractionDistribution?w>0&&(A=-b*E*Math.log(1+w)/w/e[s+de]):w>0&&(A=-b*E*Math.log(1+w)/w):a.outboundAttractionDistribution?(w=1,A=-b*E/e[s+de]):(w=1,A=-b*E)),w>0&&(e[s+se]+=_*A,e[s+le]+=x*A,e[l+se]-=_*A,e[l+le]-=x*A);var F,O,z,R,V,j;if(v===!0)for(o=0;o<g;o+=Qe)e[o+ks]!==1&&(F=Math.sqrt(Math.pow(e[o+se],2)+Math.pow(e[o+le],2)),F>jr&&(e[o+se]=e[o+se]*jr/F,e[o+le]=e[o+le]*jr/F),O=e[o+de]*Math.sqrt((e[o+ft]-e[o+se])*(e[o+ft]-e[o+se])+(e[o+gt]-e[o+le])*(e[o+gt]-e[o+le])),z=Math.sqrt((e[o+ft]+e[o+se])*(e[o+ft]+e[o+se])+(e[o+gt]+e[o+le])*(e[o+gt]+e[o+le]))/2,R=.1*Math.log(1+z)/(1+Math.sqrt(O)),V=e[o+xe]+e[o+se]*(R/a.slowDown),e[o+xe]=V,j=e[o+ve]+e[o+le]*(R/a.slowDown),e[o+ve]=j);else for(o=0;o<g;o+=Qe)e[o+ks]!==1&&(O=e[o+de]*Math.sqrt((e[o+ft]-e[o+se])*(e[o+ft]-e[o+se])+(e[o+gt]-e[o+le])*(e[o+gt]-e[o+le])),z=Math.sqrt((e[o+ft]+e[o+se])*(e[o+ft]+e[o+se])+(e[o+gt]+e[o+le])*(e[o+gt]+e[o+le]))/2,R=e[o+Ls]*Math.log(1+z)/(1+Math.sqrt(O)),e[o+Ls]=Math.min(1,Math.sqrt(R*(Math.pow(e[o+se],2)+Math.pow(e[o+le],2))/(1+Math.sqrt(O)))),V=e[o+xe]+e[o+se]*(R/a.slowDown),e[o+xe]=V,j=e[o+ve]+e[o+le]*(R/a.slowDown),e[o+ve]=j);return{}}});var Ns=we((lp,zs)=>{var mf=Ft(),yf=Oa().createEdgeWeightGetter,bf=Fs(),Bn=Hr(),xf=$r();function Gs(n,a,e){if(!mf(a))throw new Error("graphology-layout-forceatlas2: the given graph is not a valid graphology instance.");typeof e=="number"&&(e={iterations:e});var t=e.iterations;if(typeof t!="number")throw new Error("graphology-layout-forceatlas2: invalid number of iterations.");if(t<=0)throw new Error("graphology-layout-forceatlas2: you should provide a positive number of iterations.");var r=yf("getEdgeWeight"in e?e.getEdgeWeight:"weight").fromEntry,i=typeof e.outputReducer=="function"?e.outputReducer:null,o=Bn.assign({},xf,e.settings),s=Bn.validateSettings(o);if(s)throw new Error("graphology-layout-forceatlas2: "+s.message);var l=Bn.graphToByteArrays(a,r),u;for(u=0;u<t;u++)bf(o,l.nodes,l.edges);if(n){Bn.assignLayoutChanges(a,l.nodes,i);return}return Bn.collectLayoutChanges(a,l.nodes)}function _f(n){var a=typeof n=="number"?n:n.order;return{barnesHutOptimize:a>2e3,strongGravityMode:!0,gravity:.05,scalingRatio:10,slowDown:1+Math.log(a)}}var Vr=Gs.bind(null,!1);Vr.assign=Gs.bind(null,!0);Vr.inferSettings=_f;zs.exports=Vr});var qr=we((up,Ms)=>{function Tf(n){return!n||typeof n!="object"||typeof n=="function"||Array.isArray(n)||n instanceof Set||n instanceof Map||n instanceof RegExp||n instanceof Date}function Ws(n,a){n=n||{};var e={};for(var t in a){var r=n[t],i=a[t];if(!Tf(i)){e[t]=Ws(r,i);continue}r===void 0?e[t]=i:e[t]=r}return e}Ms.exports=Ws});var Us=we((dp,Os)=>{var Ef=Ft();Os.exports=function(a){if(!Ef(a))throw new Error("graphology-utils/infer-type: expecting a valid graphology instance.");var e=a.type;return e!=="mixed"?e:a.directedSize===0&&a.undirectedSize===0||a.directedSize>0&&a.undirectedSize>0?"mixed":a.directedSize>0?"directed":"undirected"}});var Xr=we((hp,Bs)=>{function rt(n){if(typeof n!="function")throw new Error("obliterator/iterator: expecting a function!");this.next=n}typeof Symbol<"u"&&(rt.prototype[Symbol.iterator]=function(){return this});rt.of=function(){var n=arguments,a=n.length,e=0;return new rt(function(){return e>=a?{done:!0}:{done:!1,value:n[e++]}})};rt.empty=function(){var n=new rt(function(){return{done:!0}});return n};rt.fromSequence=function(n){var a=0,e=n.length;return new rt(function(){return a>=e?{done:!0}:{done:!1,value:n[a++]}})};rt.is=function(n){return n instanceof rt?!0:typeof n=="object"&&n!==null&&typeof n.next=="function"};Bs.exports=rt});var Ba=we(it=>{var Sf=Math.pow(2,8)-1,wf=Math.pow(2,16)-1,Af=Math.pow(2,32)-1,Df=Math.pow(2,7)-1,Rf=Math.pow(2,15)-1,Cf=Math.pow(2,31)-1;it.getPointerArray=function(n){var a=n-1;if(a<=Sf)return Uint8Array;if(a<=wf)return Uint16Array;if(a<=Af)return Uint32Array;throw new Error("mnemonist: Pointer Array of size > 4294967295 is not supported.")};it.getSignedPointerArray=function(n){var a=n-1;return a<=Df?Int8Array:a<=Rf?Int16Array:a<=Cf?Int32Array:Float64Array};it.getNumberType=function(n){return n===(n|0)?Math.sign(n)===-1?n<=127&&n>=-128?Int8Array:n<=32767&&n>=-32768?Int16Array:Int32Array:n<=255?Uint8Array:n<=65535?Uint16Array:Uint32Array:Float64Array};var Lf={Uint8Array:1,Int8Array:2,Uint16Array:3,Int16Array:4,Uint32Array:5,Int32Array:6,Float32Array:7,Float64Array:8};it.getMinimalRepresentation=function(n,a){var e=null,t=0,r,i,o,s,l;for(s=0,l=n.length;s<l;s++)o=a?a(n[s]):n[s],i=it.getNumberType(o),r=Lf[i.name],r>t&&(t=r,e=i);return e};it.isTypedArray=function(n){return typeof ArrayBuffer<"u"&&ArrayBuffer.isView(n)};it.concat=function(){var n=0,a,e,t;for(a=0,t=arguments.length;a<t;a++)n+=arguments[a].length;var r=new arguments[0].constructor(n);for(a=0,e=0;a<t;a++)r.set(arguments[a],e),e+=arguments[a].length;return r};it.indices=function(n){for(var a=it.getPointerArray(n),e=new a(n),t=0;t<n;t++)e[t]=t;return e}});var $s=we((fp,Hs)=>{var Yr=Xr(),kf=Ba().getPointerArray;function ke(n,a){arguments.length<2&&(a=n,n=Array);var e=kf(a);this.size=0,this.length=a,this.dense=new e(a),this.sparse=new e(a),this.vals=new n(a)}ke.prototype.clear=function(){this.size=0};ke.prototype.has=function(n){var a=this.sparse[n];return a<this.size&&this.dense[a]===n};ke.prototype.get=function(n){var a=this.sparse[n];if(a<this.size&&this.dense[a]===n)return this.vals[a]};ke.prototype.set=function(n,a){var e=this.sparse[n];return e<this.size&&this.dense[e]===n?(this.vals[e]=a,this):(this.dense[this.size]=n,this.sparse[n]=this.size,this.vals[this.size]=a,this.size++,this)};ke.prototype.delete=function(n){var a=this.sparse[n];return a>=this.size||this.dense[a]!==n?!1:(a=this.dense[this.size-1],this.dense[this.sparse[n]]=a,this.sparse[a]=this.sparse[n],this.size--,!0)};ke.prototype.forEach=function(n,a){a=arguments.length>1?a:this;for(var e=0;e<this.size;e++)n.call(a,this.vals[e],this.dense[e])};ke.prototype.keys=function(){var n=this.size,a=this.dense,e=0;return new Yr(function(){if(e<n){var t=a[e];return e++,{value:t}}return{done:!0}})};ke.prototype.values=function(){var n=this.size,a=this.vals,e=0;return new Yr(function(){if(e<n){var t=a[e];return e++,{value:t}}return{done:!0}})};ke.prototype.entries=function(){var n=this.size,a=this.dense,e=this.vals,t=0;return new Yr(function(){if(t<n){var r=[a[t],e[t]];return t++,{value:r}}return{done:!0}})};typeof Symbol<"u"&&(ke.prototype[Symbol.iterator]=ke.prototype.entries);ke.prototype.inspect=function(){for(var n=new Map,a=0;a<this.size;a++)n.set(this.dense[a],this.vals[a]);return Object.defineProperty(n,"constructor",{value:ke,enumerable:!1}),n.length=this.length,this.vals.constructor!==Array&&(n.type=this.vals.constructor.name),n};typeof Symbol<"u"&&(ke.prototype[Symbol.for("nodejs.util.inspect.custom")]=ke.prototype.inspect);Hs.exports=ke});var Vs=we((gp,js)=>{var Pf=Xr(),If=Ba().getPointerArray;function Ne(n){var a=If(n);this.start=0,this.size=0,this.capacity=n,this.dense=new a(n),this.sparse=new a(n)}Ne.prototype.clear=function(){this.start=0,this.size=0};Ne.prototype.has=function(n){if(this.size===0)return!1;var a=this.sparse[n],e=a<this.capacity&&a>=this.start&&a<this.start+this.size||a<(this.start+this.size)%this.capacity;return e&&this.dense[a]===n};Ne.prototype.enqueue=function(n){var a=this.sparse[n];if(this.size!==0){var e=a<this.capacity&&a>=this.start&&a<this.start+this.size||a<(this.start+this.size)%this.capacity;if(e&&this.dense[a]===n)return this}return a=(this.start+this.size)%this.capacity,this.dense[a]=n,this.sparse[n]=a,this.size++,this};Ne.prototype.dequeue=function(){if(this.size!==0){var n=this.start;this.size--,this.start++,this.start===this.capacity&&(this.start=0);var a=this.dense[n];return this.sparse[a]=this.capacity,a}};Ne.prototype.forEach=function(n,a){a=arguments.length>1?a:this;for(var e=this.capacity,t=this.size,r=this.start,i=0;i<t;)n.call(a,this.dense[r],i,this),r++,i++,r===e&&(r=0)};Ne.prototype.values=function(){var n=this.dense,a=this.capacity,e=this.size,t=this.start,r=0;return new Pf(function(){if(r>=e)return{done:!0};var i=n[t];return t++,r++,t===a&&(t=0),{value:i,done:!1}})};typeof Symbol<"u"&&(Ne.prototype[Symbol.iterator]=Ne.prototype.values);Ne.prototype.inspect=function(){var n=[];return this.forEach(function(a){n.push(a)}),Object.defineProperty(n,"constructor",{value:Ne,enumerable:!1}),n.capacity=this.capacity,n};typeof Symbol<"u"&&(Ne.prototype[Symbol.for("nodejs.util.inspect.custom")]=Ne.prototype.inspect);js.exports=Ne});var Ks=we((pp,Ys)=>{function qs(n){return function(a){return typeof a!="number"&&(a=a.length),Math.floor(n()*a)}}var Xs=qs(Math.random);Xs.createRandomIndex=qs;Ys.exports=Xs});var tl=we(Kr=>{var At=Ba(),Zs=qr(),Qs=Oa().createEdgeWeightGetter,Js=Symbol.for("nodejs.util.inspect.custom"),el={getEdgeWeight:"weight",keepDendrogram:!1,resolution:1};function ye(n,a){a=Zs(a,el);var e=a.resolution,t=Qs(a.getEdgeWeight).fromEntry,r=(n.size-n.selfLoopCount)*2,i=At.getPointerArray(r),o=At.getPointerArray(n.order+1),s=a.getEdgeWeight?Float64Array:At.getPointerArray(n.size*2);this.C=n.order,this.M=0,this.E=r,this.U=0,this.resolution=e,this.level=0,this.graph=n,this.nodes=new Array(n.order),this.keepDendrogram=a.keepDendrogram,this.neighborhood=new o(r),this.weights=new s(r),this.loops=new s(n.order),this.starts=new i(n.order+1),this.belongings=new o(n.order),this.dendrogram=[],this.mapping=null,this.counts=new o(n.order),this.unused=new o(n.order),this.totalWeights=new s(n.order);var l={},u,d=0,h=0,c=this;n.forEachNode(function(f){c.nodes[d]=f,l[f]=d,h+=n.undirectedDegreeWithoutSelfLoops(f),c.starts[d]=h,c.belongings[d]=d,c.counts[d]=1,d++}),n.forEachEdge(function(f,g,m,v,p,y,b){if(u=t(f,g,m,v,p,y,b),m=l[m],v=l[v],c.M+=u,m===v)c.totalWeights[m]+=u*2,c.loops[m]=u*2;else{c.totalWeights[m]+=u,c.totalWeights[v]+=u;var _=--c.starts[m],x=--c.starts[v];c.neighborhood[_]=v,c.neighborhood[x]=m,c.weights[_]=u,c.weights[x]=u}}),this.starts[d]=this.E,this.keepDendrogram?this.dendrogram.push(this.belongings.slice()):this.mapping=this.belongings.slice()}ye.prototype.isolate=function(n,a){var e=this.belongings[n];if(this.counts[e]===1)return e;var t=this.unused[--this.U],r=this.loops[n];return this.totalWeights[e]-=a+r,this.totalWeights[t]+=a+r,this.belongings[n]=t,this.counts[e]--,this.counts[t]++,t};ye.prototype.move=function(n,a,e){var t=this.belongings[n],r=this.loops[n];this.totalWeights[t]-=a+r,this.totalWeights[e]+=a+r,this.belongings[n]=e;var i=this.counts[t]--===1;this.counts[e]++,i&&(this.unused[this.U++]=t)};ye.prototype.computeNodeDegree=function(n){var a,e,t,r=0;for(a=this.starts[n],e=this.starts[n+1];a<e;a++)t=this.weights[a],r+=t;return r};ye.prototype.expensiveIsolate=function(n){var a=this.computeNodeDegree(n);return this.isolate(n,a)};ye.prototype.expensiveMove=function(n,a){var e=this.computeNodeDegree(n);this.move(n,e,a)};ye.prototype.zoomOut=function(){var n=new Array(this.C-this.U),a={},e=this.nodes.length,t=0,r=0,i,o,s,l,u,d,h,c,f;for(i=0,s=this.C;i<s;i++)d=this.belongings[i],d in a||(a[d]=t,n[t]={adj:{},totalWeights:this.totalWeights[d],internalWeights:0},t++),this.belongings[i]=a[d];var g,m;if(this.keepDendrogram){for(g=this.dendrogram[this.level],m=new(At.getPointerArray(t))(e),i=0;i<e;i++)m[i]=this.belongings[g[i]];this.dendrogram.push(m)}else for(i=0;i<e;i++)this.mapping[i]=this.belongings[this.mapping[i]];for(i=0,s=this.C;i<s;i++)for(d=this.belongings[i],c=n[d],f=c.adj,c.internalWeights+=this.loops[i],o=this.starts[i],l=this.starts[i+1];o<l;o++){if(u=this.neighborhood[o],h=this.belongings[u],d===h){c.internalWeights+=this.weights[o];continue}h in f||(f[h]=0),f[h]+=this.weights[o]}for(this.C=t,u=0,d=0;d<t;d++){c=n[d],f=c.adj,d=+d,this.totalWeights[d]=c.totalWeights,this.loops[d]=c.internalWeights,this.counts[d]=1,this.starts[d]=u,this.belongings[d]=d;for(h in f)this.neighborhood[u]=+h,this.weights[u]=f[h],r++,u++}return this.starts[t]=r,this.E=r,this.U=0,this.level++,a};ye.prototype.modularity=function(){var n,a,e,t,r,i=0,o=this.M*2,s=new Float64Array(this.C);for(e=0;e<this.C;e++)for(n=this.belongings[e],s[n]+=this.loops[e],t=this.starts[e],r=this.starts[e+1];t<r;t++)a=this.belongings[this.neighborhood[t]],n===a&&(s[n]+=this.weights[t]);for(e=0;e<this.C;e++)i+=s[e]/o-Math.pow(this.totalWeights[e]/o,2)*this.resolution;return i};ye.prototype.delta=function(n,a,e,t){var r=this.M,i=this.totalWeights[t];return a+=this.loops[n],e/r-i*a*this.resolution/(2*r*r)};ye.prototype.deltaWithOwnCommunity=function(n,a,e,t){var r=this.M,i=this.totalWeights[t];return a+=this.loops[n],e/r-(i-a)*a*this.resolution/(2*r*r)};ye.prototype.fastDelta=function(n,a,e,t){var r=this.M,i=this.totalWeights[t];return a+=this.loops[n],e-a*i*this.resolution/(2*r)};ye.prototype.fastDeltaWithOwnCommunity=function(n,a,e,t){var r=this.M,i=this.totalWeights[t];return a+=this.loops[n],e-a*(i-a)*this.resolution/(2*r)};ye.prototype.bounds=function(n){return[this.starts[n],this.starts[n+1]]};ye.prototype.project=function(){var n=this,a={};return n.nodes.slice(0,this.C).forEach(function(e,t){a[e]=Array.from(n.neighborhood.slice(n.starts[t],n.starts[t+1])).map(function(r){return n.nodes[r]})}),a};ye.prototype.collect=function(n){arguments.length<1&&(n=this.level);var a={},e=this.keepDendrogram?this.dendrogram[n]:this.mapping,t,r;for(t=0,r=e.length;t<r;t++)a[this.nodes[t]]=e[t];return a};ye.prototype.assign=function(n,a){arguments.length<2&&(a=this.level);var e=this.keepDendrogram?this.dendrogram[a]:this.mapping,t,r;for(t=0,r=e.length;t<r;t++)this.graph.setNodeAttribute(this.nodes[t],n,e[t])};ye.prototype[Js]=function(){var n={};Object.defineProperty(n,"constructor",{value:ye,enumerable:!1}),n.C=this.C,n.M=this.M,n.E=this.E,n.U=this.U,n.resolution=this.resolution,n.level=this.level,n.nodes=this.nodes,n.starts=this.starts.slice(0,n.C+1);var a=["neighborhood","weights"],e=["counts","loops","belongings","totalWeights"],t=this;return a.forEach(function(r){n[r]=t[r].slice(0,n.E)}),e.forEach(function(r){n[r]=t[r].slice(0,n.C)}),n.unused=this.unused.slice(0,this.U),this.keepDendrogram?n.dendrogram=this.dendrogram:n.mapping=this.mapping,n};function _e(n,a){a=Zs(a,el);var e=a.resolution,t=Qs(a.getEdgeWeight).fromEntry,r=(n.size-n.selfLoopCount)*2,i=At.getPointerArray(r),o=At.getPointerArray(n.order+1),s=a.getEdgeWeight?Float64Array:At.getPointerArray(n.size*2);this.C=n.order,this.M=0,this.E=r,this.U=0,this.resolution=e,this.level=0,this.graph=n,this.nodes=new Array(n.order),this.keepDendrogram=a.keepDendrogram,this.neighborhood=new o(r),this.weights=new s(r),this.loops=new s(n.order),this.starts=new i(n.order+1),this.offsets=new i(n.order),this.belongings=new o(n.order),this.dendrogram=[],this.counts=new o(n.order),this.unused=new o(n.order),this.totalInWeights=new s(n.order),this.totalOutWeights=new s(n.order);var l={},u,d=0,h=0,c=this;n.forEachNode(function(f){c.nodes[d]=f,l[f]=d,h+=n.outDegreeWithoutSelfLoops(f),c.starts[d]=h,h+=n.inDegreeWithoutSelfLoops(f),c.offsets[d]=h,c.belongings[d]=d,c.counts[d]=1,d++}),n.forEachEdge(function(f,g,m,v,p,y,b){if(u=t(f,g,m,v,p,y,b),m=l[m],v=l[v],c.M+=u,m===v)c.loops[m]+=u,c.totalInWeights[m]+=u,c.totalOutWeights[m]+=u;else{c.totalOutWeights[m]+=u,c.totalInWeights[v]+=u;var _=--c.starts[m],x=--c.offsets[v];c.neighborhood[_]=v,c.neighborhood[x]=m,c.weights[_]=u,c.weights[x]=u}}),this.starts[d]=this.E,this.keepDendrogram?this.dendrogram.push(this.belongings.slice()):this.mapping=this.belongings.slice()}_e.prototype.bounds=ye.prototype.bounds;_e.prototype.inBounds=function(n){return[this.offsets[n],this.starts[n+1]]};_e.prototype.outBounds=function(n){return[this.starts[n],this.offsets[n]]};_e.prototype.project=ye.prototype.project;_e.prototype.projectIn=function(){var n=this,a={};return n.nodes.slice(0,this.C).forEach(function(e,t){a[e]=Array.from(n.neighborhood.slice(n.offsets[t],n.starts[t+1])).map(function(r){return n.nodes[r]})}),a};_e.prototype.projectOut=function(){var n=this,a={};return n.nodes.slice(0,this.C).forEach(function(e,t){a[e]=Array.from(n.neighborhood.slice(n.starts[t],n.offsets[t])).map(function(r){return n.nodes[r]})}),a};_e.prototype.isolate=function(n,a,e){var t=this.belongings[n];if(this.counts[t]===1)return t;var r=this.unused[--this.U],i=this.loops[n];return this.totalInWeights[t]-=a+i,this.totalInWeights[r]+=a+i,this.totalOutWeights[t]-=e+i,this.totalOutWeights[r]+=e+i,this.belongings[n]=r,this.counts[t]--,this.counts[r]++,r};_e.prototype.move=function(n,a,e,t){var r=this.belongings[n],i=this.loops[n];this.totalInWeights[r]-=a+i,this.totalInWeights[t]+=a+i,this.totalOutWeights[r]-=e+i,this.totalOutWeights[t]+=e+i,this.belongings[n]=t;var o=this.counts[r]--===1;this.counts[t]++,o&&(this.unused[this.U++]=r)};_e.prototype.computeNodeInDegree=function(n){var a,e,t,r=0;for(a=this.offsets[n],e=this.starts[n+1];a<e;a++)t=this.weights[a],r+=t;return r};_e.prototype.computeNodeOutDegree=function(n){var a,e,t,r=0;for(a=this.starts[n],e=this.offsets[n];a<e;a++)t=this.weights[a],r+=t;return r};_e.prototype.expensiveMove=function(n,a){var e=this.computeNodeInDegree(n),t=this.computeNodeOutDegree(n);this.move(n,e,t,a)};_e.prototype.zoomOut=function(){var n=new Array(this.C-this.U),a={},e=this.nodes.length,t=0,r=0,i,o,s,l,u,d,h,c,f,g,m,v,p;for(i=0,s=this.C;i<s;i++)d=this.belongings[i],d in a||(a[d]=t,n[t]={inAdj:{},outAdj:{},totalInWeights:this.totalInWeights[d],totalOutWeights:this.totalOutWeights[d],internalWeights:0},t++),this.belongings[i]=a[d];var y,b;if(this.keepDendrogram){for(y=this.dendrogram[this.level],b=new(At.getPointerArray(t))(e),i=0;i<e;i++)b[i]=this.belongings[y[i]];this.dendrogram.push(b)}else for(i=0;i<e;i++)this.mapping[i]=this.belongings[this.mapping[i]];for(i=0,s=this.C;i<s;i++)for(d=this.belongings[i],f=this.offsets[i],c=n[d],v=c.inAdj,p=c.outAdj,c.internalWeights+=this.loops[i],o=this.starts[i],l=this.starts[i+1];o<l;o++){if(u=this.neighborhood[o],h=this.belongings[u],g=o<f,m=g?p:v,d===h){g&&(c.internalWeights+=this.weights[o]);continue}h in m||(m[h]=0),m[h]+=this.weights[o]}for(this.C=t,u=0,d=0;d<t;d++){c=n[d],v=c.inAdj,p=c.outAdj,d=+d,this.totalInWeights[d]=c.totalInWeights,this.totalOutWeights[d]=c.totalOutWeights,this.loops[d]=c.internalWeights,this.counts[d]=1,this.starts[d]=u,this.belongings[d]=d;for(h in p)this.neighborhood[u]=+h,this.weights[u]=p[h],r++,u++;this.offsets[d]=u;for(h in v)this.neighborhood[u]=+h,this.weights[u]=v[h],r++,u++}return this.starts[t]=r,this.E=r,this.U=0,this.level++,a};_e.prototype.modularity=function(){var n,a,e,t,r,i=0,o=this.M,s=new Float64Array(this.C);for(e=0;e<this.C;e++)for(n=this.belongings[e],s[n]+=this.loops[e],t=this.starts[e],r=this.offsets[e];t<r;t++)a=this.belongings[this.neighborhood[t]],n===a&&(s[n]+=this.weights[t]);for(e=0;e<this.C;e++)i+=s[e]/o-this.totalInWeights[e]*this.totalOutWeights[e]/Math.pow(o,2)*this.resolution;return i};_e.prototype.delta=function(n,a,e,t,r){var i=this.M,o=this.totalInWeights[r],s=this.totalOutWeights[r],l=this.loops[n];return a+=l,e+=l,t/i-(e*o+a*s)*this.resolution/(i*i)};_e.prototype.deltaWithOwnCommunity=function(n,a,e,t,r){var i=this.M,o=this.totalInWeights[r],s=this.totalOutWeights[r],l=this.loops[n];return a+=l,e+=l,t/i-(e*(o-a)+a*(s-e))*this.resolution/(i*i)};_e.prototype.collect=ye.prototype.collect;_e.prototype.assign=ye.prototype.assign;_e.prototype[Js]=function(){var n={};Object.defineProperty(n,"constructor",{value:_e,enumerable:!1}),n.C=this.C,n.M=this.M,n.E=this.E,n.U=this.U,n.resolution=this.resolution,n.level=this.level,n.nodes=this.nodes,n.starts=this.starts.slice(0,n.C+1);var a=["neighborhood","weights"],e=["counts","offsets","loops","belongings","totalInWeights","totalOutWeights"],t=this;return a.forEach(function(r){n[r]=t[r].slice(0,n.E)}),e.forEach(function(r){n[r]=t[r].slice(0,n.C)}),n.unused=this.unused.slice(0,this.U),this.keepDendrogram?n.dendrogram=this.dendrogram:n.mapping=this.mapping,n};Kr.UndirectedLouvainIndex=ye;Kr.DirectedLouvainIndex=_e});var ll=we((mp,sl)=>{var Ff=qr(),Gf=Ft(),zf=Us(),nl=$s(),al=Vs(),rl=Ks().createRandomIndex,il=tl(),Nf=il.UndirectedLouvainIndex,Wf=il.DirectedLouvainIndex,ol={nodeCommunityAttribute:"community",getEdgeWeight:"weight",fastLocalMoves:!0,randomWalk:!0,resolution:1,rng:Math.random};function Ha(n,a,e){var t=n.get(a);typeof t>"u"&&(t=0),t+=e,n.set(a,t)}var Mf=1e-10;function $a(n,a,e,t,r){return Math.abs(t-r)<Mf?n===a?!1:e>n:t>r}function Of(n,a,e){var t=new Nf(a,{getEdgeWeight:e.getEdgeWeight,keepDendrogram:n,resolution:e.resolution}),r=rl(e.rng),i=!0,o=!0,s,l,u=new nl(Float64Array,t.C),d,h,c,f,g,m,v,p,y,b,_,x,E,w,A,S,C=0,G=0,L=[],N,k;for(e.fastLocalMoves&&(d=new al(t.C));i;){if(b=t.C,i=!1,o=!0,e.fastLocalMoves){for(k=0,m=e.randomWalk?r(b):0,v=0;v<b;v++,m++)p=m%b,d.enqueue(p);for(;d.size!==0;){for(p=d.dequeue(),G++,_=0,u.clear(),s=t.belongings[p],h=t.starts[p],c=t.starts[p+1];h<c;h++)y=t.neighborhood[h],f=t.weights[h],l=t.belongings[y],_+=f,Ha(u,l,f);for(w=t.fastDeltaWithOwnCommunity(p,_,u.get(s)||0,s),E=s,g=0;g<u.size;g++)l=u.dense[g],l!==s&&(x=u.vals[g],C++,S=t.fastDelta(p,_,x,l),A=$a(E,s,l,S,w),A&&(w=S,E=l));if(w<0){if(E=t.isolate(p,_),E===s)continue}else{if(E===s)continue;t.move(p,_,E)}for(i=!0,k++,h=t.starts[p],c=t.starts[p+1];h<c;h++)y=t.neighborhood[h],l=t.belongings[y],l!==E&&d.enqueue(y)}L.push(k)}else for(N=[],L.push(N);o;){for(o=!1,k=0,m=e.randomWalk?r(b):0,v=0;v<b;v++,m++){for(p=m%b,G++,_=0,u.clear(),s=t.belongings[p],h=t.starts[p],c=t.starts[p+1];h<c;h++)y=t.neighborhood[h],f=t.weights[h],l=t.belongings[y],_+=f,Ha(u,l,f);for(w=t.fastDeltaWithOwnCommunity(p,_,u.get(s)||0,s),E=s,g=0;g<u.size;g++)l=u.dense[g],l!==s&&(x=u.vals[g],C++,S=t.fastDelta(p,_,x,l),A=$a(E,s,l,S,w),A&&(w=S,E=l));if(w<0){if(E=t.isolate(p,_),E===s)continue}else{if(E===s)continue;t.move(p,_,E)}o=!0,k++}N.push(k),i=o||i}i&&t.zoomOut()}var I={index:t,deltaComputations:C,nodesVisited:G,moves:L};return I}function Uf(n,a,e){var t=new Wf(a,{getEdgeWeight:e.getEdgeWeight,keepDendrogram:n,resolution:e.resolution}),r=rl(e.rng),i=!0,o=!0,s,l,u=new nl(Float64Array,t.C),d,h,c,f,g,m,v,p,y,b,_,x,E,w,A,S,C,G,L,N=0,k=0,I=[],W,P;for(e.fastLocalMoves&&(d=new al(t.C));i;){if(x=t.C,i=!1,o=!0,e.fastLocalMoves){for(P=0,p=e.randomWalk?r(x):0,y=0;y<x;y++,p++)b=p%x,d.enqueue(b);for(;d.size!==0;){for(b=d.dequeue(),k++,E=0,w=0,u.clear(),s=t.belongings[b],h=t.starts[b],c=t.starts[b+1],f=t.offsets[b];h<c;h++)g=h<f,_=t.neighborhood[h],m=t.weights[h],l=t.belongings[_],g?w+=m:E+=m,Ha(u,l,m);for(C=t.deltaWithOwnCommunity(b,E,w,u.get(s)||0,s),S=s,v=0;v<u.size;v++)l=u.dense[v],l!==s&&(A=u.vals[v],N++,L=t.delta(b,E,w,A,l),G=$a(S,s,l,L,C),G&&(C=L,S=l));if(C<0){if(S=t.isolate(b,E,w),S===s)continue}else{if(S===s)continue;t.move(b,E,w,S)}for(i=!0,P++,h=t.starts[b],c=t.starts[b+1];h<c;h++)_=t.neighborhood[h],l=t.belongings[_],l!==S&&d.enqueue(_)}I.push(P)}else for(W=[],I.push(W);o;){for(o=!1,P=0,p=e.randomWalk?r(x):0,y=0;y<x;y++,p++){for(b=p%x,k++,E=0,w=0,u.clear(),s=t.belongings[b],h=t.starts[b],c=t.starts[b+1],f=t.offsets[b];h<c;h++)g=h<f,_=t.neighborhood[h],m=t.weights[h],l=t.belongings[_],g?w+=m:E+=m,Ha(u,l,m);for(C=t.deltaWithOwnCommunity(b,E,w,u.get(s)||0,s),S=s,v=0;v<u.size;v++)l=u.dense[v],l!==s&&(A=u.vals[v],N++,L=t.delta(b,E,w,A,l),G=$a(S,s,l,L,C),G&&(C=L,S=l));if(C<0){if(S=t.isolate(b,E,w),S===s)continue}else{if(S===s)continue;t.move(b,E,w,S)}o=!0,P++}W.push(P),i=o||i}i&&t.zoomOut()}var T={index:t,deltaComputations:N,nodesVisited:k,moves:I};return T}function Zr(n,a,e,t){if(!Gf(e))throw new Error("graphology-communities-louvain: the given graph is not a valid graphology instance.");var r=zf(e);if(r==="mixed")throw new Error("graphology-communities-louvain: cannot run the algorithm on a true mixed graph.");t=Ff(t,ol);var i=0;if(e.size===0){if(n){e.forEachNode(function(h){e.setNodeAttribute(h,t.nodeCommunityAttribute,i++)});return}var o={};return e.forEachNode(function(h){o[h]=i++}),a?{communities:o,count:e.order,deltaComputations:0,dendrogram:null,level:0,modularity:NaN,moves:null,nodesVisited:0,resolution:t.resolution}:o}var s=r==="undirected"?Of:Uf,l=s(a,e,t),u=l.index;if(!a){if(n){u.assign(t.nodeCommunityAttribute);return}return u.collect()}var d={count:u.C,deltaComputations:l.deltaComputations,dendrogram:u.dendrogram,level:u.level,modularity:u.modularity(),moves:l.moves,nodesVisited:l.nodesVisited,resolution:t.resolution};return n?(u.assign(t.nodeCommunityAttribute),d):(d.communities=u.collect(),d)}var ja=Zr.bind(null,!1,!1);ja.assign=Zr.bind(null,!0,!1);ja.detailed=Zr.bind(null,!1,!0);ja.defaults=ol;sl.exports=ja});var yi=st(_n(),1);function Ll(){let n=arguments[0];for(let a=1,e=arguments.length;a<e;a++)if(arguments[a])for(let t in arguments[a])n[t]=arguments[a][t];return n}var Te=Ll;typeof Object.assign=="function"&&(Te=Object.assign);function Oe(n,a,e,t){let r=n._nodes.get(a),i=null;return r&&(t==="mixed"?i=r.out&&r.out[e]||r.undirected&&r.undirected[e]:t==="directed"?i=r.out&&r.out[e]:i=r.undirected&&r.undirected[e]),i}function De(n){return typeof n=="object"&&n!==null}function bi(n){let a;for(a in n)return!1;return!0}function Me(n,a,e){Object.defineProperty(n,a,{enumerable:!1,configurable:!1,writable:!0,value:e})}function Ke(n,a,e){let t={enumerable:!0,configurable:!0};typeof e=="function"?t.get=e:(t.value=e,t.writable=!1),Object.defineProperty(n,a,t)}function pi(n){return!(!De(n)||n.attributes&&!Array.isArray(n.attributes))}function kl(){let n=Math.floor(Math.random()*256)&255;return()=>n++}function lt(){let n=arguments,a=null,e=-1;return{[Symbol.iterator](){return this},next(){let t=null;do{if(a===null){if(e++,e>=n.length)return{done:!0};a=n[e][Symbol.iterator]()}if(t=a.next(),t.done){a=null;continue}break}while(!0);return t}}}function Kt(){return{[Symbol.iterator](){return this},next(){return{done:!0}}}}var Sn=class extends Error{constructor(a){super(),this.name="GraphError",this.message=a}},q=class n extends Sn{constructor(a){super(a),this.name="InvalidArgumentsGraphError",typeof Error.captureStackTrace=="function"&&Error.captureStackTrace(this,n.prototype.constructor)}},$=class n extends Sn{constructor(a){super(a),this.name="NotFoundGraphError",typeof Error.captureStackTrace=="function"&&Error.captureStackTrace(this,n.prototype.constructor)}},Q=class n extends Sn{constructor(a){super(a),this.name="UsageGraphError",typeof Error.captureStackTrace=="function"&&Error.captureStackTrace(this,n.prototype.constructor)}};function xi(n,a){this.key=n,this.attributes=a,this.clear()}xi.prototype.clear=function(){this.inDegree=0,this.outDegree=0,this.undirectedDegree=0,this.undirectedLoops=0,this.directedLoops=0,this.in={},this.out={},this.undirected={}};function _i(n,a){this.key=n,this.attributes=a,this.clear()}_i.prototype.clear=function(){this.inDegree=0,this.outDegree=0,this.directedLoops=0,this.in={},this.out={}};function Ti(n,a){this.key=n,this.attributes=a,this.clear()}Ti.prototype.clear=function(){this.undirectedDegree=0,this.undirectedLoops=0,this.undirected={}};function Zt(n,a,e,t,r){this.key=a,this.attributes=r,this.undirected=n,this.source=e,this.target=t}Zt.prototype.attach=function(){let n="out",a="in";this.undirected&&(n=a="undirected");let e=this.source.key,t=this.target.key;this.source[n][t]=this,!(this.undirected&&e===t)&&(this.target[a][e]=this)};Zt.prototype.attachMulti=function(){let n="out",a="in",e=this.source.key,t=this.target.key;this.undirected&&(n=a="undirected");let r=this.source[n],i=r[t];if(typeof i>"u"){r[t]=this,this.undirected&&e===t||(this.target[a][e]=this);return}i.previous=this,this.next=i,r[t]=this,this.target[a][e]=this};Zt.prototype.detach=function(){let n=this.source.key,a=this.target.key,e="out",t="in";this.undirected&&(e=t="undirected"),delete this.source[e][a],delete this.target[t][n]};Zt.prototype.detachMulti=function(){let n=this.source.key,a=this.target.key,e="out",t="in";this.undirected&&(e=t="undirected"),this.previous===void 0?this.next===void 0?(delete this.source[e][a],delete this.target[t][n]):(this.next.previous=void 0,this.source[e][a]=this.next,this.target[t][n]=this.next):(this.previous.next=this.next,this.next!==void 0&&(this.next.previous=this.previous))};var Ei=0,Si=1,Pl=2,wi=3;function ut(n,a,e,t,r,i,o){let s,l,u,d;if(t=""+t,e===Ei){if(s=n._nodes.get(t),!s)throw new $(`Graph.${a}: could not find the "${t}" node in the graph.`);u=r,d=i}else if(e===wi){if(r=""+r,l=n._edges.get(r),!l)throw new $(`Graph.${a}: could not find the "${r}" edge in the graph.`);let h=l.source.key,c=l.target.key;if(t===h)s=l.target;else if(t===c)s=l.source;else throw new $(`Graph.${a}: the "${t}" node is not attached to the "${r}" edge (${h}, ${c}).`);u=i,d=o}else{if(l=n._edges.get(t),!l)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`);e===Si?s=l.source:s=l.target,u=r,d=i}return[s,u,d]}function Il(n,a,e){n.prototype[a]=function(t,r,i){let[o,s]=ut(this,a,e,t,r,i);return o.attributes[s]}}function Fl(n,a,e){n.prototype[a]=function(t,r){let[i]=ut(this,a,e,t,r);return i.attributes}}function Gl(n,a,e){n.prototype[a]=function(t,r,i){let[o,s]=ut(this,a,e,t,r,i);return o.attributes.hasOwnProperty(s)}}function zl(n,a,e){n.prototype[a]=function(t,r,i,o){let[s,l,u]=ut(this,a,e,t,r,i,o);return s.attributes[l]=u,this.emit("nodeAttributesUpdated",{key:s.key,type:"set",attributes:s.attributes,name:l}),this}}function Nl(n,a,e){n.prototype[a]=function(t,r,i,o){let[s,l,u]=ut(this,a,e,t,r,i,o);if(typeof u!="function")throw new q(`Graph.${a}: updater should be a function.`);let d=s.attributes,h=u(d[l]);return d[l]=h,this.emit("nodeAttributesUpdated",{key:s.key,type:"set",attributes:s.attributes,name:l}),this}}function Wl(n,a,e){n.prototype[a]=function(t,r,i){let[o,s]=ut(this,a,e,t,r,i);return delete o.attributes[s],this.emit("nodeAttributesUpdated",{key:o.key,type:"remove",attributes:o.attributes,name:s}),this}}function Ml(n,a,e){n.prototype[a]=function(t,r,i){let[o,s]=ut(this,a,e,t,r,i);if(!De(s))throw new q(`Graph.${a}: provided attributes are not a plain object.`);return o.attributes=s,this.emit("nodeAttributesUpdated",{key:o.key,type:"replace",attributes:o.attributes}),this}}function Ol(n,a,e){n.prototype[a]=function(t,r,i){let[o,s]=ut(this,a,e,t,r,i);if(!De(s))throw new q(`Graph.${a}: provided attributes are not a plain object.`);return Te(o.attributes,s),this.emit("nodeAttributesUpdated",{key:o.key,type:"merge",attributes:o.attributes,data:s}),this}}function Ul(n,a,e){n.prototype[a]=function(t,r,i){let[o,s]=ut(this,a,e,t,r,i);if(typeof s!="function")throw new q(`Graph.${a}: provided updater is not a function.`);return o.attributes=s(o.attributes),this.emit("nodeAttributesUpdated",{key:o.key,type:"update",attributes:o.attributes}),this}}var Bl=[{name:n=>`get${n}Attribute`,attacher:Il},{name:n=>`get${n}Attributes`,attacher:Fl},{name:n=>`has${n}Attribute`,attacher:Gl},{name:n=>`set${n}Attribute`,attacher:zl},{name:n=>`update${n}Attribute`,attacher:Nl},{name:n=>`remove${n}Attribute`,attacher:Wl},{name:n=>`replace${n}Attributes`,attacher:Ml},{name:n=>`merge${n}Attributes`,attacher:Ol},{name:n=>`update${n}Attributes`,attacher:Ul}];function Hl(n){Bl.forEach(function({name:a,attacher:e}){e(n,a("Node"),Ei),e(n,a("Source"),Si),e(n,a("Target"),Pl),e(n,a("Opposite"),wi)})}function $l(n,a,e){n.prototype[a]=function(t,r){let i;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>2){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let o=""+t,s=""+r;if(r=arguments[2],i=Oe(this,o,s,e),!i)throw new $(`Graph.${a}: could not find an edge for the given path ("${o}" - "${s}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,i=this._edges.get(t),!i)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}return i.attributes[r]}}function jl(n,a,e){n.prototype[a]=function(t){let r;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>1){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let i=""+t,o=""+arguments[1];if(r=Oe(this,i,o,e),!r)throw new $(`Graph.${a}: could not find an edge for the given path ("${i}" - "${o}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,r=this._edges.get(t),!r)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}return r.attributes}}function Vl(n,a,e){n.prototype[a]=function(t,r){let i;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>2){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let o=""+t,s=""+r;if(r=arguments[2],i=Oe(this,o,s,e),!i)throw new $(`Graph.${a}: could not find an edge for the given path ("${o}" - "${s}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,i=this._edges.get(t),!i)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}return i.attributes.hasOwnProperty(r)}}function ql(n,a,e){n.prototype[a]=function(t,r,i){let o;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>3){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let s=""+t,l=""+r;if(r=arguments[2],i=arguments[3],o=Oe(this,s,l,e),!o)throw new $(`Graph.${a}: could not find an edge for the given path ("${s}" - "${l}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,o=this._edges.get(t),!o)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}return o.attributes[r]=i,this.emit("edgeAttributesUpdated",{key:o.key,type:"set",attributes:o.attributes,name:r}),this}}function Xl(n,a,e){n.prototype[a]=function(t,r,i){let o;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>3){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let s=""+t,l=""+r;if(r=arguments[2],i=arguments[3],o=Oe(this,s,l,e),!o)throw new $(`Graph.${a}: could not find an edge for the given path ("${s}" - "${l}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,o=this._edges.get(t),!o)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}if(typeof i!="function")throw new q(`Graph.${a}: updater should be a function.`);return o.attributes[r]=i(o.attributes[r]),this.emit("edgeAttributesUpdated",{key:o.key,type:"set",attributes:o.attributes,name:r}),this}}function Yl(n,a,e){n.prototype[a]=function(t,r){let i;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>2){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let o=""+t,s=""+r;if(r=arguments[2],i=Oe(this,o,s,e),!i)throw new $(`Graph.${a}: could not find an edge for the given path ("${o}" - "${s}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,i=this._edges.get(t),!i)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}return delete i.attributes[r],this.emit("edgeAttributesUpdated",{key:i.key,type:"remove",attributes:i.attributes,name:r}),this}}function Kl(n,a,e){n.prototype[a]=function(t,r){let i;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>2){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let o=""+t,s=""+r;if(r=arguments[2],i=Oe(this,o,s,e),!i)throw new $(`Graph.${a}: could not find an edge for the given path ("${o}" - "${s}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,i=this._edges.get(t),!i)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}if(!De(r))throw new q(`Graph.${a}: provided attributes are not a plain object.`);return i.attributes=r,this.emit("edgeAttributesUpdated",{key:i.key,type:"replace",attributes:i.attributes}),this}}function Zl(n,a,e){n.prototype[a]=function(t,r){let i;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>2){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let o=""+t,s=""+r;if(r=arguments[2],i=Oe(this,o,s,e),!i)throw new $(`Graph.${a}: could not find an edge for the given path ("${o}" - "${s}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,i=this._edges.get(t),!i)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}if(!De(r))throw new q(`Graph.${a}: provided attributes are not a plain object.`);return Te(i.attributes,r),this.emit("edgeAttributesUpdated",{key:i.key,type:"merge",attributes:i.attributes,data:r}),this}}function Ql(n,a,e){n.prototype[a]=function(t,r){let i;if(this.type!=="mixed"&&e!=="mixed"&&e!==this.type)throw new Q(`Graph.${a}: cannot find this type of edges in your ${this.type} graph.`);if(arguments.length>2){if(this.multi)throw new Q(`Graph.${a}: cannot use a {source,target} combo when asking about an edge's attributes in a MultiGraph since we cannot infer the one you want information about.`);let o=""+t,s=""+r;if(r=arguments[2],i=Oe(this,o,s,e),!i)throw new $(`Graph.${a}: could not find an edge for the given path ("${o}" - "${s}").`)}else{if(e!=="mixed")throw new Q(`Graph.${a}: calling this method with only a key (vs. a source and target) does not make sense since an edge with this key could have the other type.`);if(t=""+t,i=this._edges.get(t),!i)throw new $(`Graph.${a}: could not find the "${t}" edge in the graph.`)}if(typeof r!="function")throw new q(`Graph.${a}: provided updater is not a function.`);return i.attributes=r(i.attributes),this.emit("edgeAttributesUpdated",{key:i.key,type:"update",attributes:i.attributes}),this}}var Jl=[{name:n=>`get${n}Attribute`,attacher:$l},{name:n=>`get${n}Attributes`,attacher:jl},{name:n=>`has${n}Attribute`,attacher:Vl},{name:n=>`set${n}Attribute`,attacher:ql},{name:n=>`update${n}Attribute`,attacher:Xl},{name:n=>`remove${n}Attribute`,attacher:Yl},{name:n=>`replace${n}Attributes`,attacher:Kl},{name:n=>`merge${n}Attributes`,attacher:Zl},{name:n=>`update${n}Attributes`,attacher:Ql}];function eu(n){Jl.forEach(function({name:a,attacher:e}){e(n,a("Edge"),"mixed"),e(n,a("DirectedEdge"),"directed"),e(n,a("UndirectedEdge"),"undirected")})}var tu=[{name:"edges",type:"mixed"},{name:"inEdges",type:"directed",direction:"in"},{name:"outEdges",type:"directed",direction:"out"},{name:"inboundEdges",type:"mixed",direction:"in"},{name:"outboundEdges",type:"mixed",direction:"out"},{name:"directedEdges",type:"directed"},{name:"undirectedEdges",type:"undirected"}];function nu(n,a,e,t){let r=!1;for(let i in a){if(i===t)continue;let o=a[i];if(r=e(o.key,o.attributes,o.source.key,o.target.key,o.source.attributes,o.target.attributes,o.undirected),n&&r)return o.key}}function au(n,a,e,t){let r,i,o,s=!1;for(let l in a)if(l!==t){r=a[l];do{if(i=r.source,o=r.target,s=e(r.key,r.attributes,i.key,o.key,i.attributes,o.attributes,r.undirected),n&&s)return r.key;r=r.next}while(r!==void 0)}}function Ja(n,a){let e=Object.keys(n),t=e.length,r,i=0;return{[Symbol.iterator](){return this},next(){do if(r)r=r.next;else{if(i>=t)return{done:!0};let o=e[i++];if(o===a){r=void 0;continue}r=n[o]}while(!r);return{done:!1,value:{edge:r.key,attributes:r.attributes,source:r.source.key,target:r.target.key,sourceAttributes:r.source.attributes,targetAttributes:r.target.attributes,undirected:r.undirected}}}}}function ru(n,a,e,t){let r=a[e];if(!r)return;let i=r.source,o=r.target;if(t(r.key,r.attributes,i.key,o.key,i.attributes,o.attributes,r.undirected)&&n)return r.key}function iu(n,a,e,t){let r=a[e];if(!r)return;let i=!1;do{if(i=t(r.key,r.attributes,r.source.key,r.target.key,r.source.attributes,r.target.attributes,r.undirected),n&&i)return r.key;r=r.next}while(r!==void 0)}function er(n,a){let e=n[a];if(e.next!==void 0)return{[Symbol.iterator](){return this},next(){if(!e)return{done:!0};let r={edge:e.key,attributes:e.attributes,source:e.source.key,target:e.target.key,sourceAttributes:e.source.attributes,targetAttributes:e.target.attributes,undirected:e.undirected};return e=e.next,{done:!1,value:r}}};let t=!1;return{[Symbol.iterator](){return this},next(){return t===!0?{done:!0}:(t=!0,{done:!1,value:{edge:e.key,attributes:e.attributes,source:e.source.key,target:e.target.key,sourceAttributes:e.source.attributes,targetAttributes:e.target.attributes,undirected:e.undirected}})}}}function ou(n,a){if(n.size===0)return[];if(a==="mixed"||a===n.type)return Array.from(n._edges.keys());let e=a==="undirected"?n.undirectedSize:n.directedSize,t=new Array(e),r=a==="undirected",i=n._edges.values(),o=0,s,l;for(;s=i.next(),s.done!==!0;)l=s.value,l.undirected===r&&(t[o++]=l.key);return t}function Ai(n,a,e,t){if(a.size===0)return;let r=e!=="mixed"&&e!==a.type,i=e==="undirected",o,s,l=!1,u=a._edges.values();for(;o=u.next(),o.done!==!0;){if(s=o.value,r&&s.undirected!==i)continue;let{key:d,attributes:h,source:c,target:f}=s;if(l=t(d,h,c.key,f.key,c.attributes,f.attributes,s.undirected),n&&l)return d}}function su(n,a){if(n.size===0)return Kt();let e=a!=="mixed"&&a!==n.type,t=a==="undirected",r=n._edges.values();return{[Symbol.iterator](){return this},next(){let i,o;for(;;){if(i=r.next(),i.done)return i;if(o=i.value,!(e&&o.undirected!==t))break}return{value:{edge:o.key,attributes:o.attributes,source:o.source.key,target:o.target.key,sourceAttributes:o.source.attributes,targetAttributes:o.target.attributes,undirected:o.undirected},done:!1}}}}function tr(n,a,e,t,r,i){let o=a?au:nu,s;if(e!=="undirected"&&(t!=="out"&&(s=o(n,r.in,i),n&&s)||t!=="in"&&(s=o(n,r.out,i,t?void 0:r.key),n&&s))||e!=="directed"&&(s=o(n,r.undirected,i),n&&s))return s}function lu(n,a,e,t){let r=[];return tr(!1,n,a,e,t,function(i){r.push(i)}),r}function uu(n,a,e){let t=Kt();return n!=="undirected"&&(a!=="out"&&typeof e.in<"u"&&(t=lt(t,Ja(e.in))),a!=="in"&&typeof e.out<"u"&&(t=lt(t,Ja(e.out,a?void 0:e.key)))),n!=="directed"&&typeof e.undirected<"u"&&(t=lt(t,Ja(e.undirected))),t}function nr(n,a,e,t,r,i,o){let s=e?iu:ru,l;if(a!=="undirected"&&(typeof r.in<"u"&&t!=="out"&&(l=s(n,r.in,i,o),n&&l)||typeof r.out<"u"&&t!=="in"&&(t||r.key!==i)&&(l=s(n,r.out,i,o),n&&l))||a!=="directed"&&typeof r.undirected<"u"&&(l=s(n,r.undirected,i,o),n&&l))return l}function du(n,a,e,t,r){let i=[];return nr(!1,n,a,e,t,r,function(o){i.push(o)}),i}function hu(n,a,e,t){let r=Kt();return n!=="undirected"&&(typeof e.in<"u"&&a!=="out"&&t in e.in&&(r=lt(r,er(e.in,t))),typeof e.out<"u"&&a!=="in"&&t in e.out&&(a||e.key!==t)&&(r=lt(r,er(e.out,t)))),n!=="directed"&&typeof e.undirected<"u"&&t in e.undirected&&(r=lt(r,er(e.undirected,t))),r}function cu(n,a){let{name:e,type:t,direction:r}=a;n.prototype[e]=function(i,o){if(t!=="mixed"&&this.type!=="mixed"&&t!==this.type)return[];if(!arguments.length)return ou(this,t);if(arguments.length===1){i=""+i;let s=this._nodes.get(i);if(typeof s>"u")throw new $(`Graph.${e}: could not find the "${i}" node in the graph.`);return lu(this.multi,t==="mixed"?this.type:t,r,s)}if(arguments.length===2){i=""+i,o=""+o;let s=this._nodes.get(i);if(!s)throw new $(`Graph.${e}:  could not find the "${i}" source node in the graph.`);if(!this._nodes.has(o))throw new $(`Graph.${e}:  could not find the "${o}" target node in the graph.`);return du(t,this.multi,r,s,o)}throw new q(`Graph.${e}: too many arguments (expecting 0, 1 or 2 and got ${arguments.length}).`)}}function fu(n,a){let{name:e,type:t,direction:r}=a,i="forEach"+e[0].toUpperCase()+e.slice(1,-1);n.prototype[i]=function(u,d,h){if(!(t!=="mixed"&&this.type!=="mixed"&&t!==this.type)){if(arguments.length===1)return h=u,Ai(!1,this,t,h);if(arguments.length===2){u=""+u,h=d;let c=this._nodes.get(u);if(typeof c>"u")throw new $(`Graph.${i}: could not find the "${u}" node in the graph.`);return tr(!1,this.multi,t==="mixed"?this.type:t,r,c,h)}if(arguments.length===3){u=""+u,d=""+d;let c=this._nodes.get(u);if(!c)throw new $(`Graph.${i}:  could not find the "${u}" source node in the graph.`);if(!this._nodes.has(d))throw new $(`Graph.${i}:  could not find the "${d}" target node in the graph.`);return nr(!1,t,this.multi,r,c,d,h)}throw new q(`Graph.${i}: too many arguments (expecting 1, 2 or 3 and got ${arguments.length}).`)}};let o="map"+e[0].toUpperCase()+e.slice(1);n.prototype[o]=function(){let u=Array.prototype.slice.call(arguments),d=u.pop(),h;if(u.length===0){let c=0;t!=="directed"&&(c+=this.undirectedSize),t!=="undirected"&&(c+=this.directedSize),h=new Array(c);let f=0;u.push((g,m,v,p,y,b,_)=>{h[f++]=d(g,m,v,p,y,b,_)})}else h=[],u.push((c,f,g,m,v,p,y)=>{h.push(d(c,f,g,m,v,p,y))});return this[i].apply(this,u),h};let s="filter"+e[0].toUpperCase()+e.slice(1);n.prototype[s]=function(){let u=Array.prototype.slice.call(arguments),d=u.pop(),h=[];return u.push((c,f,g,m,v,p,y)=>{d(c,f,g,m,v,p,y)&&h.push(c)}),this[i].apply(this,u),h};let l="reduce"+e[0].toUpperCase()+e.slice(1);n.prototype[l]=function(){let u=Array.prototype.slice.call(arguments);if(u.length<2||u.length>4)throw new q(`Graph.${l}: invalid number of arguments (expecting 2, 3 or 4 and got ${u.length}).`);if(typeof u[u.length-1]=="function"&&typeof u[u.length-2]!="function")throw new q(`Graph.${l}: missing initial value. You must provide it because the callback takes more than one argument and we cannot infer the initial value from the first iteration, as you could with a simple array.`);let d,h;u.length===2?(d=u[0],h=u[1],u=[]):u.length===3?(d=u[1],h=u[2],u=[u[0]]):u.length===4&&(d=u[2],h=u[3],u=[u[0],u[1]]);let c=h;return u.push((f,g,m,v,p,y,b)=>{c=d(c,f,g,m,v,p,y,b)}),this[i].apply(this,u),c}}function gu(n,a){let{name:e,type:t,direction:r}=a,i="find"+e[0].toUpperCase()+e.slice(1,-1);n.prototype[i]=function(l,u,d){if(t!=="mixed"&&this.type!=="mixed"&&t!==this.type)return!1;if(arguments.length===1)return d=l,Ai(!0,this,t,d);if(arguments.length===2){l=""+l,d=u;let h=this._nodes.get(l);if(typeof h>"u")throw new $(`Graph.${i}: could not find the "${l}" node in the graph.`);return tr(!0,this.multi,t==="mixed"?this.type:t,r,h,d)}if(arguments.length===3){l=""+l,u=""+u;let h=this._nodes.get(l);if(!h)throw new $(`Graph.${i}:  could not find the "${l}" source node in the graph.`);if(!this._nodes.has(u))throw new $(`Graph.${i}:  could not find the "${u}" target node in the graph.`);return nr(!0,t,this.multi,r,h,u,d)}throw new q(`Graph.${i}: too many arguments (expecting 1, 2 or 3 and got ${arguments.length}).`)};let o="some"+e[0].toUpperCase()+e.slice(1,-1);n.prototype[o]=function(){let l=Array.prototype.slice.call(arguments),u=l.pop();return l.push((h,c,f,g,m,v,p)=>u(h,c,f,g,m,v,p)),!!this[i].apply(this,l)};let s="every"+e[0].toUpperCase()+e.slice(1,-1);n.prototype[s]=function(){let l=Array.prototype.slice.call(arguments),u=l.pop();return l.push((h,c,f,g,m,v,p)=>!u(h,c,f,g,m,v,p)),!this[i].apply(this,l)}}function pu(n,a){let{name:e,type:t,direction:r}=a,i=e.slice(0,-1)+"Entries";n.prototype[i]=function(o,s){if(t!=="mixed"&&this.type!=="mixed"&&t!==this.type)return Kt();if(!arguments.length)return su(this,t);if(arguments.length===1){o=""+o;let l=this._nodes.get(o);if(!l)throw new $(`Graph.${i}: could not find the "${o}" node in the graph.`);return uu(t,r,l)}if(arguments.length===2){o=""+o,s=""+s;let l=this._nodes.get(o);if(!l)throw new $(`Graph.${i}:  could not find the "${o}" source node in the graph.`);if(!this._nodes.has(s))throw new $(`Graph.${i}:  could not find the "${s}" target node in the graph.`);return hu(t,r,l,s)}throw new q(`Graph.${i}: too many arguments (expecting 0, 1 or 2 and got ${arguments.length}).`)}}function vu(n){tu.forEach(a=>{cu(n,a),fu(n,a),gu(n,a),pu(n,a)})}var mu=[{name:"neighbors",type:"mixed"},{name:"inNeighbors",type:"directed",direction:"in"},{name:"outNeighbors",type:"directed",direction:"out"},{name:"inboundNeighbors",type:"mixed",direction:"in"},{name:"outboundNeighbors",type:"mixed",direction:"out"},{name:"directedNeighbors",type:"directed"},{name:"undirectedNeighbors",type:"undirected"}];function ia(){this.A=null,this.B=null}ia.prototype.wrap=function(n){this.A===null?this.A=n:this.B===null&&(this.B=n)};ia.prototype.has=function(n){return this.A!==null&&n in this.A||this.B!==null&&n in this.B};function Tn(n,a,e,t,r){for(let i in t){let o=t[i],s=o.source,l=o.target,u=s===e?l:s;if(a&&a.has(u.key))continue;let d=r(u.key,u.attributes);if(n&&d)return u.key}}function ar(n,a,e,t,r){if(a!=="mixed"){if(a==="undirected")return Tn(n,null,t,t.undirected,r);if(typeof e=="string")return Tn(n,null,t,t[e],r)}let i=new ia,o;if(a!=="undirected"){if(e!=="out"){if(o=Tn(n,null,t,t.in,r),n&&o)return o;i.wrap(t.in)}if(e!=="in"){if(o=Tn(n,i,t,t.out,r),n&&o)return o;i.wrap(t.out)}}if(a!=="directed"&&(o=Tn(n,i,t,t.undirected,r),n&&o))return o}function yu(n,a,e){if(n!=="mixed"){if(n==="undirected")return Object.keys(e.undirected);if(typeof a=="string")return Object.keys(e[a])}let t=[];return ar(!1,n,a,e,function(r){t.push(r)}),t}function En(n,a,e){let t=Object.keys(e),r=t.length,i=0;return{[Symbol.iterator](){return this},next(){let o=null;do{if(i>=r)return n&&n.wrap(e),{done:!0};let s=e[t[i++]],l=s.source,u=s.target;if(o=l===a?u:l,n&&n.has(o.key)){o=null;continue}}while(o===null);return{done:!1,value:{neighbor:o.key,attributes:o.attributes}}}}}function bu(n,a,e){if(n!=="mixed"){if(n==="undirected")return En(null,e,e.undirected);if(typeof a=="string")return En(null,e,e[a])}let t=Kt(),r=new ia;return n!=="undirected"&&(a!=="out"&&(t=lt(t,En(r,e,e.in))),a!=="in"&&(t=lt(t,En(r,e,e.out)))),n!=="directed"&&(t=lt(t,En(r,e,e.undirected))),t}function xu(n,a){let{name:e,type:t,direction:r}=a;n.prototype[e]=function(i){if(t!=="mixed"&&this.type!=="mixed"&&t!==this.type)return[];i=""+i;let o=this._nodes.get(i);if(typeof o>"u")throw new $(`Graph.${e}: could not find the "${i}" node in the graph.`);return yu(t==="mixed"?this.type:t,r,o)}}function _u(n,a){let{name:e,type:t,direction:r}=a,i="forEach"+e[0].toUpperCase()+e.slice(1,-1);n.prototype[i]=function(u,d){if(t!=="mixed"&&this.type!=="mixed"&&t!==this.type)return;u=""+u;let h=this._nodes.get(u);if(typeof h>"u")throw new $(`Graph.${i}: could not find the "${u}" node in the graph.`);ar(!1,t==="mixed"?this.type:t,r,h,d)};let o="map"+e[0].toUpperCase()+e.slice(1);n.prototype[o]=function(u,d){let h=[];return this[i](u,(c,f)=>{h.push(d(c,f))}),h};let s="filter"+e[0].toUpperCase()+e.slice(1);n.prototype[s]=function(u,d){let h=[];return this[i](u,(c,f)=>{d(c,f)&&h.push(c)}),h};let l="reduce"+e[0].toUpperCase()+e.slice(1);n.prototype[l]=function(u,d,h){if(arguments.length<3)throw new q(`Graph.${l}: missing initial value. You must provide it because the callback takes more than one argument and we cannot infer the initial value from the first iteration, as you could with a simple array.`);let c=h;return this[i](u,(f,g)=>{c=d(c,f,g)}),c}}function Tu(n,a){let{name:e,type:t,direction:r}=a,i=e[0].toUpperCase()+e.slice(1,-1),o="find"+i;n.prototype[o]=function(u,d){if(t!=="mixed"&&this.type!=="mixed"&&t!==this.type)return;u=""+u;let h=this._nodes.get(u);if(typeof h>"u")throw new $(`Graph.${o}: could not find the "${u}" node in the graph.`);return ar(!0,t==="mixed"?this.type:t,r,h,d)};let s="some"+i;n.prototype[s]=function(u,d){return!!this[o](u,d)};let l="every"+i;n.prototype[l]=function(u,d){return!this[o](u,(c,f)=>!d(c,f))}}function Eu(n,a){let{name:e,type:t,direction:r}=a,i=e.slice(0,-1)+"Entries";n.prototype[i]=function(o){if(t!=="mixed"&&this.type!=="mixed"&&t!==this.type)return Kt();o=""+o;let s=this._nodes.get(o);if(typeof s>"u")throw new $(`Graph.${i}: could not find the "${o}" node in the graph.`);return bu(t==="mixed"?this.type:t,r,s)}}function Su(n){mu.forEach(a=>{xu(n,a),_u(n,a),Tu(n,a),Eu(n,a)})}function Jn(n,a,e,t,r){let i=t._nodes.values(),o=t.type,s,l,u,d,h,c,f;for(;s=i.next(),s.done!==!0;){let g=!1;if(l=s.value,o!=="undirected"){d=l.out;for(u in d){h=d[u];do{if(c=h.target,g=!0,f=r(l.key,c.key,l.attributes,c.attributes,h.key,h.attributes,h.undirected),n&&f)return h;h=h.next}while(h)}}if(o!=="directed"){d=l.undirected;for(u in d)if(!(a&&l.key>u)){h=d[u];do{if(c=h.target,c.key!==u&&(c=h.source),g=!0,f=r(l.key,c.key,l.attributes,c.attributes,h.key,h.attributes,h.undirected),n&&f)return h;h=h.next}while(h)}}if(e&&!g&&(f=r(l.key,null,l.attributes,null,null,null,null),n&&f))return null}}function wu(n,a){let e={key:n};return bi(a.attributes)||(e.attributes=Te({},a.attributes)),e}function Au(n,a,e){let t={key:a,source:e.source.key,target:e.target.key};return bi(e.attributes)||(t.attributes=Te({},e.attributes)),n==="mixed"&&e.undirected&&(t.undirected=!0),t}function Du(n){if(!De(n))throw new q('Graph.import: invalid serialized node. A serialized node should be a plain object with at least a "key" property.');if(!("key"in n))throw new q("Graph.import: serialized node is missing its key.");if("attributes"in n&&(!De(n.attributes)||n.attributes===null))throw new q("Graph.import: invalid attributes. Attributes should be a plain object, null or omitted.")}function Ru(n){if(!De(n))throw new q('Graph.import: invalid serialized edge. A serialized edge should be a plain object with at least a "source" & "target" property.');if(!("source"in n))throw new q("Graph.import: serialized edge is missing its source.");if(!("target"in n))throw new q("Graph.import: serialized edge is missing its target.");if("attributes"in n&&(!De(n.attributes)||n.attributes===null))throw new q("Graph.import: invalid attributes. Attributes should be a plain object, null or omitted.");if("undirected"in n&&typeof n.undirected!="boolean")throw new q("Graph.import: invalid undirectedness information. Undirected should be boolean or omitted.")}var Cu=kl(),Lu=new Set(["directed","undirected","mixed"]),vi=new Set(["domain","_events","_eventsCount","_maxListeners"]),ku=[{name:n=>`${n}Edge`,generateKey:!0},{name:n=>`${n}DirectedEdge`,generateKey:!0,type:"directed"},{name:n=>`${n}UndirectedEdge`,generateKey:!0,type:"undirected"},{name:n=>`${n}EdgeWithKey`},{name:n=>`${n}DirectedEdgeWithKey`,type:"directed"},{name:n=>`${n}UndirectedEdgeWithKey`,type:"undirected"}],Pu={allowSelfLoops:!0,multi:!1,type:"mixed"};function Iu(n,a,e){if(e&&!De(e))throw new q(`Graph.addNode: invalid attributes. Expecting an object but got "${e}"`);if(a=""+a,e=e||{},n._nodes.has(a))throw new Q(`Graph.addNode: the "${a}" node already exist in the graph.`);let t=new n.NodeDataClass(a,e);return n._nodes.set(a,t),n.emit("nodeAdded",{key:a,attributes:e}),t}function mi(n,a,e){let t=new n.NodeDataClass(a,e);return n._nodes.set(a,t),n.emit("nodeAdded",{key:a,attributes:e}),t}function Di(n,a,e,t,r,i,o,s){if(!t&&n.type==="undirected")throw new Q(`Graph.${a}: you cannot add a directed edge to an undirected graph. Use the #.addEdge or #.addUndirectedEdge instead.`);if(t&&n.type==="directed")throw new Q(`Graph.${a}: you cannot add an undirected edge to a directed graph. Use the #.addEdge or #.addDirectedEdge instead.`);if(s&&!De(s))throw new q(`Graph.${a}: invalid attributes. Expecting an object but got "${s}"`);if(i=""+i,o=""+o,s=s||{},!n.allowSelfLoops&&i===o)throw new Q(`Graph.${a}: source & target are the same ("${i}"), thus creating a loop explicitly forbidden by this graph 'allowSelfLoops' option set to false.`);let l=n._nodes.get(i),u=n._nodes.get(o);if(!l)throw new $(`Graph.${a}: source node "${i}" not found.`);if(!u)throw new $(`Graph.${a}: target node "${o}" not found.`);let d={key:null,undirected:t,source:i,target:o,attributes:s};if(e)r=n._edgeKeyGenerator();else if(r=""+r,n._edges.has(r))throw new Q(`Graph.${a}: the "${r}" edge already exists in the graph.`);if(!n.multi&&(t?typeof l.undirected[o]<"u":typeof l.out[o]<"u"))throw new Q(`Graph.${a}: an edge linking "${i}" to "${o}" already exists. If you really want to add multiple edges linking those nodes, you should create a multi graph by using the 'multi' option.`);let h=new Zt(t,r,l,u,s);n._edges.set(r,h);let c=i===o;return t?(l.undirectedDegree++,u.undirectedDegree++,c&&(l.undirectedLoops++,n._undirectedSelfLoopCount++)):(l.outDegree++,u.inDegree++,c&&(l.directedLoops++,n._directedSelfLoopCount++)),n.multi?h.attachMulti():h.attach(),t?n._undirectedSize++:n._directedSize++,d.key=r,n.emit("edgeAdded",d),r}function Fu(n,a,e,t,r,i,o,s,l){if(!t&&n.type==="undirected")throw new Q(`Graph.${a}: you cannot merge/update a directed edge to an undirected graph. Use the #.mergeEdge/#.updateEdge or #.addUndirectedEdge instead.`);if(t&&n.type==="directed")throw new Q(`Graph.${a}: you cannot merge/update an undirected edge to a directed graph. Use the #.mergeEdge/#.updateEdge or #.addDirectedEdge instead.`);if(s){if(l){if(typeof s!="function")throw new q(`Graph.${a}: invalid updater function. Expecting a function but got "${s}"`)}else if(!De(s))throw new q(`Graph.${a}: invalid attributes. Expecting an object but got "${s}"`)}i=""+i,o=""+o;let u;if(l&&(u=s,s=void 0),!n.allowSelfLoops&&i===o)throw new Q(`Graph.${a}: source & target are the same ("${i}"), thus creating a loop explicitly forbidden by this graph 'allowSelfLoops' option set to false.`);let d=n._nodes.get(i),h=n._nodes.get(o),c,f;if(!e&&(c=n._edges.get(r),c)){if((c.source.key!==i||c.target.key!==o)&&(!t||c.source.key!==o||c.target.key!==i))throw new Q(`Graph.${a}: inconsistency detected when attempting to merge the "${r}" edge with "${i}" source & "${o}" target vs. ("${c.source.key}", "${c.target.key}").`);f=c}if(!f&&!n.multi&&d&&(f=t?d.undirected[o]:d.out[o]),f){let y=[f.key,!1,!1,!1];if(l?!u:!s)return y;if(l){let b=f.attributes;f.attributes=u(b),n.emit("edgeAttributesUpdated",{type:"replace",key:f.key,attributes:f.attributes})}else Te(f.attributes,s),n.emit("edgeAttributesUpdated",{type:"merge",key:f.key,attributes:f.attributes,data:s});return y}s=s||{},l&&u&&(s=u(s));let g={key:null,undirected:t,source:i,target:o,attributes:s};if(e)r=n._edgeKeyGenerator();else if(r=""+r,n._edges.has(r))throw new Q(`Graph.${a}: the "${r}" edge already exists in the graph.`);let m=!1,v=!1;d||(d=mi(n,i,{}),m=!0,i===o&&(h=d,v=!0)),h||(h=mi(n,o,{}),v=!0),c=new Zt(t,r,d,h,s),n._edges.set(r,c);let p=i===o;return t?(d.undirectedDegree++,h.undirectedDegree++,p&&(d.undirectedLoops++,n._undirectedSelfLoopCount++)):(d.outDegree++,h.inDegree++,p&&(d.directedLoops++,n._directedSelfLoopCount++)),n.multi?c.attachMulti():c.attach(),t?n._undirectedSize++:n._directedSize++,g.key=r,n.emit("edgeAdded",g),[r,!0,m,v]}function Yt(n,a){n._edges.delete(a.key);let{source:e,target:t,attributes:r}=a,i=a.undirected,o=e===t;i?(e.undirectedDegree--,t.undirectedDegree--,o&&(e.undirectedLoops--,n._undirectedSelfLoopCount--)):(e.outDegree--,t.inDegree--,o&&(e.directedLoops--,n._directedSelfLoopCount--)),n.multi?a.detachMulti():a.detach(),i?n._undirectedSize--:n._directedSize--,n.emit("edgeDropped",{key:a.key,attributes:r,source:e.key,target:t.key,undirected:i})}var he=class n extends yi.EventEmitter{constructor(a){if(super(),a=Te({},Pu,a),typeof a.multi!="boolean")throw new q(`Graph.constructor: invalid 'multi' option. Expecting a boolean but got "${a.multi}".`);if(!Lu.has(a.type))throw new q(`Graph.constructor: invalid 'type' option. Should be one of "mixed", "directed" or "undirected" but got "${a.type}".`);if(typeof a.allowSelfLoops!="boolean")throw new q(`Graph.constructor: invalid 'allowSelfLoops' option. Expecting a boolean but got "${a.allowSelfLoops}".`);let e=a.type==="mixed"?xi:a.type==="directed"?_i:Ti;Me(this,"NodeDataClass",e);let t="geid_"+Cu()+"_",r=0,i=()=>{let o;do o=t+r++;while(this._edges.has(o));return o};Me(this,"_attributes",{}),Me(this,"_nodes",new Map),Me(this,"_edges",new Map),Me(this,"_directedSize",0),Me(this,"_undirectedSize",0),Me(this,"_directedSelfLoopCount",0),Me(this,"_undirectedSelfLoopCount",0),Me(this,"_edgeKeyGenerator",i),Me(this,"_options",a),vi.forEach(o=>Me(this,o,this[o])),Ke(this,"order",()=>this._nodes.size),Ke(this,"size",()=>this._edges.size),Ke(this,"directedSize",()=>this._directedSize),Ke(this,"undirectedSize",()=>this._undirectedSize),Ke(this,"selfLoopCount",()=>this._directedSelfLoopCount+this._undirectedSelfLoopCount),Ke(this,"directedSelfLoopCount",()=>this._directedSelfLoopCount),Ke(this,"undirectedSelfLoopCount",()=>this._undirectedSelfLoopCount),Ke(this,"multi",this._options.multi),Ke(this,"type",this._options.type),Ke(this,"allowSelfLoops",this._options.allowSelfLoops),Ke(this,"implementation",()=>"graphology")}_resetInstanceCounters(){this._directedSize=0,this._undirectedSize=0,this._directedSelfLoopCount=0,this._undirectedSelfLoopCount=0}hasNode(a){return this._nodes.has(""+a)}hasDirectedEdge(a,e){if(this.type==="undirected")return!1;if(arguments.length===1){let t=""+a,r=this._edges.get(t);return!!r&&!r.undirected}else if(arguments.length===2){a=""+a,e=""+e;let t=this._nodes.get(a);return t?t.out.hasOwnProperty(e):!1}throw new q(`Graph.hasDirectedEdge: invalid arity (${arguments.length}, instead of 1 or 2). You can either ask for an edge id or for the existence of an edge between a source & a target.`)}hasUndirectedEdge(a,e){if(this.type==="directed")return!1;if(arguments.length===1){let t=""+a,r=this._edges.get(t);return!!r&&r.undirected}else if(arguments.length===2){a=""+a,e=""+e;let t=this._nodes.get(a);return t?t.undirected.hasOwnProperty(e):!1}throw new q(`Graph.hasDirectedEdge: invalid arity (${arguments.length}, instead of 1 or 2). You can either ask for an edge id or for the existence of an edge between a source & a target.`)}hasEdge(a,e){if(arguments.length===1){let t=""+a;return this._edges.has(t)}else if(arguments.length===2){a=""+a,e=""+e;let t=this._nodes.get(a);return t?typeof t.out<"u"&&t.out.hasOwnProperty(e)||typeof t.undirected<"u"&&t.undirected.hasOwnProperty(e):!1}throw new q(`Graph.hasEdge: invalid arity (${arguments.length}, instead of 1 or 2). You can either ask for an edge id or for the existence of an edge between a source & a target.`)}directedEdge(a,e){if(this.type==="undirected")return;if(a=""+a,e=""+e,this.multi)throw new Q("Graph.directedEdge: this method is irrelevant with multigraphs since there might be multiple edges between source & target. See #.directedEdges instead.");let t=this._nodes.get(a);if(!t)throw new $(`Graph.directedEdge: could not find the "${a}" source node in the graph.`);if(!this._nodes.has(e))throw new $(`Graph.directedEdge: could not find the "${e}" target node in the graph.`);let r=t.out&&t.out[e]||void 0;if(r)return r.key}undirectedEdge(a,e){if(this.type==="directed")return;if(a=""+a,e=""+e,this.multi)throw new Q("Graph.undirectedEdge: this method is irrelevant with multigraphs since there might be multiple edges between source & target. See #.undirectedEdges instead.");let t=this._nodes.get(a);if(!t)throw new $(`Graph.undirectedEdge: could not find the "${a}" source node in the graph.`);if(!this._nodes.has(e))throw new $(`Graph.undirectedEdge: could not find the "${e}" target node in the graph.`);let r=t.undirected&&t.undirected[e]||void 0;if(r)return r.key}edge(a,e){if(this.multi)throw new Q("Graph.edge: this method is irrelevant with multigraphs since there might be multiple edges between source & target. See #.edges instead.");a=""+a,e=""+e;let t=this._nodes.get(a);if(!t)throw new $(`Graph.edge: could not find the "${a}" source node in the graph.`);if(!this._nodes.has(e))throw new $(`Graph.edge: could not find the "${e}" target node in the graph.`);let r=t.out&&t.out[e]||t.undirected&&t.undirected[e]||void 0;if(r)return r.key}areDirectedNeighbors(a,e){a=""+a,e=""+e;let t=this._nodes.get(a);if(!t)throw new $(`Graph.areDirectedNeighbors: could not find the "${a}" node in the graph.`);return this.type==="undirected"?!1:e in t.in||e in t.out}areOutNeighbors(a,e){a=""+a,e=""+e;let t=this._nodes.get(a);if(!t)throw new $(`Graph.areOutNeighbors: could not find the "${a}" node in the graph.`);return this.type==="undirected"?!1:e in t.out}areInNeighbors(a,e){a=""+a,e=""+e;let t=this._nodes.get(a);if(!t)throw new $(`Graph.areInNeighbors: could not find the "${a}" node in the graph.`);return this.type==="undirected"?!1:e in t.in}areUndirectedNeighbors(a,e){a=""+a,e=""+e;let t=this._nodes.get(a);if(!t)throw new $(`Graph.areUndirectedNeighbors: could not find the "${a}" node in the graph.`);return this.type==="directed"?!1:e in t.undirected}areNeighbors(a,e){a=""+a,e=""+e;let t=this._nodes.get(a);if(!t)throw new $(`Graph.areNeighbors: could not find the "${a}" node in the graph.`);return this.type!=="undirected"&&(e in t.in||e in t.out)||this.type!=="directed"&&e in t.undirected}areInboundNeighbors(a,e){a=""+a,e=""+e;let t=this._nodes.get(a);if(!t)throw new $(`Graph.areInboundNeighbors: could not find the "${a}" node in the graph.`);return this.type!=="undirected"&&e in t.in||this.type!=="directed"&&e in t.undirected}areOutboundNeighbors(a,e){a=""+a,e=""+e;let t=this._nodes.get(a);if(!t)throw new $(`Graph.areOutboundNeighbors: could not find the "${a}" node in the graph.`);return this.type!=="undirected"&&e in t.out||this.type!=="directed"&&e in t.undirected}inDegree(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.inDegree: could not find the "${a}" node in the graph.`);return this.type==="undirected"?0:e.inDegree}outDegree(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.outDegree: could not find the "${a}" node in the graph.`);return this.type==="undirected"?0:e.outDegree}directedDegree(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.directedDegree: could not find the "${a}" node in the graph.`);return this.type==="undirected"?0:e.inDegree+e.outDegree}undirectedDegree(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.undirectedDegree: could not find the "${a}" node in the graph.`);return this.type==="directed"?0:e.undirectedDegree}inboundDegree(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.inboundDegree: could not find the "${a}" node in the graph.`);let t=0;return this.type!=="directed"&&(t+=e.undirectedDegree),this.type!=="undirected"&&(t+=e.inDegree),t}outboundDegree(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.outboundDegree: could not find the "${a}" node in the graph.`);let t=0;return this.type!=="directed"&&(t+=e.undirectedDegree),this.type!=="undirected"&&(t+=e.outDegree),t}degree(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.degree: could not find the "${a}" node in the graph.`);let t=0;return this.type!=="directed"&&(t+=e.undirectedDegree),this.type!=="undirected"&&(t+=e.inDegree+e.outDegree),t}inDegreeWithoutSelfLoops(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.inDegreeWithoutSelfLoops: could not find the "${a}" node in the graph.`);return this.type==="undirected"?0:e.inDegree-e.directedLoops}outDegreeWithoutSelfLoops(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.outDegreeWithoutSelfLoops: could not find the "${a}" node in the graph.`);return this.type==="undirected"?0:e.outDegree-e.directedLoops}directedDegreeWithoutSelfLoops(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.directedDegreeWithoutSelfLoops: could not find the "${a}" node in the graph.`);return this.type==="undirected"?0:e.inDegree+e.outDegree-e.directedLoops*2}undirectedDegreeWithoutSelfLoops(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.undirectedDegreeWithoutSelfLoops: could not find the "${a}" node in the graph.`);return this.type==="directed"?0:e.undirectedDegree-e.undirectedLoops*2}inboundDegreeWithoutSelfLoops(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.inboundDegreeWithoutSelfLoops: could not find the "${a}" node in the graph.`);let t=0,r=0;return this.type!=="directed"&&(t+=e.undirectedDegree,r+=e.undirectedLoops*2),this.type!=="undirected"&&(t+=e.inDegree,r+=e.directedLoops),t-r}outboundDegreeWithoutSelfLoops(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.outboundDegreeWithoutSelfLoops: could not find the "${a}" node in the graph.`);let t=0,r=0;return this.type!=="directed"&&(t+=e.undirectedDegree,r+=e.undirectedLoops*2),this.type!=="undirected"&&(t+=e.outDegree,r+=e.directedLoops),t-r}degreeWithoutSelfLoops(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.degreeWithoutSelfLoops: could not find the "${a}" node in the graph.`);let t=0,r=0;return this.type!=="directed"&&(t+=e.undirectedDegree,r+=e.undirectedLoops*2),this.type!=="undirected"&&(t+=e.inDegree+e.outDegree,r+=e.directedLoops*2),t-r}source(a){a=""+a;let e=this._edges.get(a);if(!e)throw new $(`Graph.source: could not find the "${a}" edge in the graph.`);return e.source.key}target(a){a=""+a;let e=this._edges.get(a);if(!e)throw new $(`Graph.target: could not find the "${a}" edge in the graph.`);return e.target.key}extremities(a){a=""+a;let e=this._edges.get(a);if(!e)throw new $(`Graph.extremities: could not find the "${a}" edge in the graph.`);return[e.source.key,e.target.key]}opposite(a,e){a=""+a,e=""+e;let t=this._edges.get(e);if(!t)throw new $(`Graph.opposite: could not find the "${e}" edge in the graph.`);let r=t.source.key,i=t.target.key;if(a===r)return i;if(a===i)return r;throw new $(`Graph.opposite: the "${a}" node is not attached to the "${e}" edge (${r}, ${i}).`)}hasExtremity(a,e){a=""+a,e=""+e;let t=this._edges.get(a);if(!t)throw new $(`Graph.hasExtremity: could not find the "${a}" edge in the graph.`);return t.source.key===e||t.target.key===e}isUndirected(a){a=""+a;let e=this._edges.get(a);if(!e)throw new $(`Graph.isUndirected: could not find the "${a}" edge in the graph.`);return e.undirected}isDirected(a){a=""+a;let e=this._edges.get(a);if(!e)throw new $(`Graph.isDirected: could not find the "${a}" edge in the graph.`);return!e.undirected}isSelfLoop(a){a=""+a;let e=this._edges.get(a);if(!e)throw new $(`Graph.isSelfLoop: could not find the "${a}" edge in the graph.`);return e.source===e.target}addNode(a,e){return Iu(this,a,e).key}mergeNode(a,e){if(e&&!De(e))throw new q(`Graph.mergeNode: invalid attributes. Expecting an object but got "${e}"`);a=""+a,e=e||{};let t=this._nodes.get(a);return t?(e&&(Te(t.attributes,e),this.emit("nodeAttributesUpdated",{type:"merge",key:a,attributes:t.attributes,data:e})),[a,!1]):(t=new this.NodeDataClass(a,e),this._nodes.set(a,t),this.emit("nodeAdded",{key:a,attributes:e}),[a,!0])}updateNode(a,e){if(e&&typeof e!="function")throw new q(`Graph.updateNode: invalid updater function. Expecting a function but got "${e}"`);a=""+a;let t=this._nodes.get(a);if(t){if(e){let i=t.attributes;t.attributes=e(i),this.emit("nodeAttributesUpdated",{type:"replace",key:a,attributes:t.attributes})}return[a,!1]}let r=e?e({}):{};return t=new this.NodeDataClass(a,r),this._nodes.set(a,t),this.emit("nodeAdded",{key:a,attributes:r}),[a,!0]}dropNode(a){a=""+a;let e=this._nodes.get(a);if(!e)throw new $(`Graph.dropNode: could not find the "${a}" node in the graph.`);let t;if(this.type!=="undirected"){for(let r in e.out){t=e.out[r];do Yt(this,t),t=t.next;while(t)}for(let r in e.in){t=e.in[r];do Yt(this,t),t=t.next;while(t)}}if(this.type!=="directed")for(let r in e.undirected){t=e.undirected[r];do Yt(this,t),t=t.next;while(t)}this._nodes.delete(a),this.emit("nodeDropped",{key:a,attributes:e.attributes})}dropEdge(a){let e;if(arguments.length>1){let t=""+arguments[0],r=""+arguments[1];if(e=Oe(this,t,r,this.type),!e)throw new $(`Graph.dropEdge: could not find the "${t}" -> "${r}" edge in the graph.`)}else if(a=""+a,e=this._edges.get(a),!e)throw new $(`Graph.dropEdge: could not find the "${a}" edge in the graph.`);return Yt(this,e),this}dropDirectedEdge(a,e){if(arguments.length<2)throw new Q("Graph.dropDirectedEdge: it does not make sense to try and drop a directed edge by key. What if the edge with this key is undirected? Use #.dropEdge for this purpose instead.");if(this.multi)throw new Q("Graph.dropDirectedEdge: cannot use a {source,target} combo when dropping an edge in a MultiGraph since we cannot infer the one you want to delete as there could be multiple ones.");a=""+a,e=""+e;let t=Oe(this,a,e,"directed");if(!t)throw new $(`Graph.dropDirectedEdge: could not find a "${a}" -> "${e}" edge in the graph.`);return Yt(this,t),this}dropUndirectedEdge(a,e){if(arguments.length<2)throw new Q("Graph.dropUndirectedEdge: it does not make sense to drop a directed edge by key. What if the edge with this key is undirected? Use #.dropEdge for this purpose instead.");if(this.multi)throw new Q("Graph.dropUndirectedEdge: cannot use a {source,target} combo when dropping an edge in a MultiGraph since we cannot infer the one you want to delete as there could be multiple ones.");let t=Oe(this,a,e,"undirected");if(!t)throw new $(`Graph.dropUndirectedEdge: could not find a "${a}" -> "${e}" edge in the graph.`);return Yt(this,t),this}clear(){this._edges.clear(),this._nodes.clear(),this._resetInstanceCounters(),this.emit("cleared")}clearEdges(){let a=this._nodes.values(),e;for(;e=a.next(),e.done!==!0;)e.value.clear();this._edges.clear(),this._resetInstanceCounters(),this.emit("edgesCleared")}getAttribute(a){return this._attributes[a]}getAttributes(){return this._attributes}hasAttribute(a){return this._attributes.hasOwnProperty(a)}setAttribute(a,e){return this._attributes[a]=e,this.emit("attributesUpdated",{type:"set",attributes:this._attributes,name:a}),this}updateAttribute(a,e){if(typeof e!="function")throw new q("Graph.updateAttribute: updater should be a function.");let t=this._attributes[a];return this._attributes[a]=e(t),this.emit("attributesUpdated",{type:"set",attributes:this._attributes,name:a}),this}removeAttribute(a){return delete this._attributes[a],this.emit("attributesUpdated",{type:"remove",attributes:this._attributes,name:a}),this}replaceAttributes(a){if(!De(a))throw new q("Graph.replaceAttributes: provided attributes are not a plain object.");return this._attributes=a,this.emit("attributesUpdated",{type:"replace",attributes:this._attributes}),this}mergeAttributes(a){if(!De(a))throw new q("Graph.mergeAttributes: provided attributes are not a plain object.");return Te(this._attributes,a),this.emit("attributesUpdated",{type:"merge",attributes:this._attributes,data:a}),this}updateAttributes(a){if(typeof a!="function")throw new q("Graph.updateAttributes: provided updater is not a function.");return this._attributes=a(this._attributes),this.emit("attributesUpdated",{type:"update",attributes:this._attributes}),this}updateEachNodeAttributes(a,e){if(typeof a!="function")throw new q("Graph.updateEachNodeAttributes: expecting an updater function.");if(e&&!pi(e))throw new q("Graph.updateEachNodeAttributes: invalid hints. Expecting an object having the following shape: {attributes?: [string]}");let t=this._nodes.values(),r,i;for(;r=t.next(),r.done!==!0;)i=r.value,i.attributes=a(i.key,i.attributes);this.emit("eachNodeAttributesUpdated",{hints:e||null})}updateEachEdgeAttributes(a,e){if(typeof a!="function")throw new q("Graph.updateEachEdgeAttributes: expecting an updater function.");if(e&&!pi(e))throw new q("Graph.updateEachEdgeAttributes: invalid hints. Expecting an object having the following shape: {attributes?: [string]}");let t=this._edges.values(),r,i,o,s;for(;r=t.next(),r.done!==!0;)i=r.value,o=i.source,s=i.target,i.attributes=a(i.key,i.attributes,o.key,s.key,o.attributes,s.attributes,i.undirected);this.emit("eachEdgeAttributesUpdated",{hints:e||null})}forEachAdjacencyEntry(a){if(typeof a!="function")throw new q("Graph.forEachAdjacencyEntry: expecting a callback.");Jn(!1,!1,!1,this,a)}forEachAdjacencyEntryWithOrphans(a){if(typeof a!="function")throw new q("Graph.forEachAdjacencyEntryWithOrphans: expecting a callback.");Jn(!1,!1,!0,this,a)}forEachAssymetricAdjacencyEntry(a){if(typeof a!="function")throw new q("Graph.forEachAssymetricAdjacencyEntry: expecting a callback.");Jn(!1,!0,!1,this,a)}forEachAssymetricAdjacencyEntryWithOrphans(a){if(typeof a!="function")throw new q("Graph.forEachAssymetricAdjacencyEntryWithOrphans: expecting a callback.");Jn(!1,!0,!0,this,a)}nodes(){return Array.from(this._nodes.keys())}forEachNode(a){if(typeof a!="function")throw new q("Graph.forEachNode: expecting a callback.");let e=this._nodes.values(),t,r;for(;t=e.next(),t.done!==!0;)r=t.value,a(r.key,r.attributes)}findNode(a){if(typeof a!="function")throw new q("Graph.findNode: expecting a callback.");let e=this._nodes.values(),t,r;for(;t=e.next(),t.done!==!0;)if(r=t.value,a(r.key,r.attributes))return r.key}mapNodes(a){if(typeof a!="function")throw new q("Graph.mapNode: expecting a callback.");let e=this._nodes.values(),t,r,i=new Array(this.order),o=0;for(;t=e.next(),t.done!==!0;)r=t.value,i[o++]=a(r.key,r.attributes);return i}someNode(a){if(typeof a!="function")throw new q("Graph.someNode: expecting a callback.");let e=this._nodes.values(),t,r;for(;t=e.next(),t.done!==!0;)if(r=t.value,a(r.key,r.attributes))return!0;return!1}everyNode(a){if(typeof a!="function")throw new q("Graph.everyNode: expecting a callback.");let e=this._nodes.values(),t,r;for(;t=e.next(),t.done!==!0;)if(r=t.value,!a(r.key,r.attributes))return!1;return!0}filterNodes(a){if(typeof a!="function")throw new q("Graph.filterNodes: expecting a callback.");let e=this._nodes.values(),t,r,i=[];for(;t=e.next(),t.done!==!0;)r=t.value,a(r.key,r.attributes)&&i.push(r.key);return i}reduceNodes(a,e){if(typeof a!="function")throw new q("Graph.reduceNodes: expecting a callback.");if(arguments.length<2)throw new q("Graph.reduceNodes: missing initial value. You must provide it because the callback takes more than one argument and we cannot infer the initial value from the first iteration, as you could with a simple array.");let t=e,r=this._nodes.values(),i,o;for(;i=r.next(),i.done!==!0;)o=i.value,t=a(t,o.key,o.attributes);return t}nodeEntries(){let a=this._nodes.values();return{[Symbol.iterator](){return this},next(){let e=a.next();if(e.done)return e;let t=e.value;return{value:{node:t.key,attributes:t.attributes},done:!1}}}}export(){let a=new Array(this._nodes.size),e=0;this._nodes.forEach((r,i)=>{a[e++]=wu(i,r)});let t=new Array(this._edges.size);return e=0,this._edges.forEach((r,i)=>{t[e++]=Au(this.type,i,r)}),{options:{type:this.type,multi:this.multi,allowSelfLoops:this.allowSelfLoops},attributes:this.getAttributes(),nodes:a,edges:t}}import(a,e=!1){if(a instanceof n)return a.forEachNode((l,u)=>{e?this.mergeNode(l,u):this.addNode(l,u)}),a.forEachEdge((l,u,d,h,c,f,g)=>{e?g?this.mergeUndirectedEdgeWithKey(l,d,h,u):this.mergeDirectedEdgeWithKey(l,d,h,u):g?this.addUndirectedEdgeWithKey(l,d,h,u):this.addDirectedEdgeWithKey(l,d,h,u)}),this;if(!De(a))throw new q("Graph.import: invalid argument. Expecting a serialized graph or, alternatively, a Graph instance.");if(a.attributes){if(!De(a.attributes))throw new q("Graph.import: invalid attributes. Expecting a plain object.");e?this.mergeAttributes(a.attributes):this.replaceAttributes(a.attributes)}let t,r,i,o,s;if(a.nodes){if(i=a.nodes,!Array.isArray(i))throw new q("Graph.import: invalid nodes. Expecting an array.");for(t=0,r=i.length;t<r;t++){o=i[t],Du(o);let{key:l,attributes:u}=o;e?this.mergeNode(l,u):this.addNode(l,u)}}if(a.edges){let l=!1;if(this.type==="undirected"&&(l=!0),i=a.edges,!Array.isArray(i))throw new q("Graph.import: invalid edges. Expecting an array.");for(t=0,r=i.length;t<r;t++){s=i[t],Ru(s);let{source:u,target:d,attributes:h,undirected:c=l}=s,f;"key"in s?(f=e?c?this.mergeUndirectedEdgeWithKey:this.mergeDirectedEdgeWithKey:c?this.addUndirectedEdgeWithKey:this.addDirectedEdgeWithKey,f.call(this,s.key,u,d,h)):(f=e?c?this.mergeUndirectedEdge:this.mergeDirectedEdge:c?this.addUndirectedEdge:this.addDirectedEdge,f.call(this,u,d,h))}}return this}nullCopy(a){let e=new n(Te({},this._options,a));return e.replaceAttributes(Te({},this.getAttributes())),e}emptyCopy(a){let e=this.nullCopy(a);return this._nodes.forEach((t,r)=>{let i=Te({},t.attributes);t=new e.NodeDataClass(r,i),e._nodes.set(r,t)}),e}copy(a){if(a=a||{},typeof a.type=="string"&&a.type!==this.type&&a.type!=="mixed")throw new Q(`Graph.copy: cannot create an incompatible copy from "${this.type}" type to "${a.type}" because this would mean losing information about the current graph.`);if(typeof a.multi=="boolean"&&a.multi!==this.multi&&a.multi!==!0)throw new Q("Graph.copy: cannot create an incompatible copy by downgrading a multi graph to a simple one because this would mean losing information about the current graph.");if(typeof a.allowSelfLoops=="boolean"&&a.allowSelfLoops!==this.allowSelfLoops&&a.allowSelfLoops!==!0)throw new Q("Graph.copy: cannot create an incompatible copy from a graph allowing self loops to one that does not because this would mean losing information about the current graph.");let e=this.emptyCopy(a),t=this._edges.values(),r,i;for(;r=t.next(),r.done!==!0;)i=r.value,Di(e,"copy",!1,i.undirected,i.key,i.source.key,i.target.key,Te({},i.attributes));return e}toJSON(){return this.export()}toString(){return"[object Graph]"}inspect(){let a={};this._nodes.forEach((i,o)=>{a[o]=i.attributes});let e={},t={};this._edges.forEach((i,o)=>{let s=i.undirected?"--":"->",l="",u=i.source.key,d=i.target.key,h;i.undirected&&u>d&&(h=u,u=d,d=h);let c=`(${u})${s}(${d})`;o.startsWith("geid_")?this.multi&&(typeof t[c]>"u"?t[c]=0:t[c]++,l+=`${t[c]}. `):l+=`[${o}]: `,l+=c,e[l]=i.attributes});let r={};for(let i in this)this.hasOwnProperty(i)&&!vi.has(i)&&typeof this[i]!="function"&&typeof i!="symbol"&&(r[i]=this[i]);return r.attributes=this._attributes,r.nodes=a,r.edges=e,Me(r,"constructor",this.constructor),r}};typeof Symbol<"u"&&(he.prototype[Symbol.for("nodejs.util.inspect.custom")]=he.prototype.inspect);ku.forEach(n=>{["add","merge","update"].forEach(a=>{let e=n.name(a),t=a==="add"?Di:Fu;n.generateKey?he.prototype[e]=function(r,i,o){return t(this,e,!0,(n.type||this.type)==="undirected",null,r,i,o,a==="update")}:he.prototype[e]=function(r,i,o,s){return t(this,e,!1,(n.type||this.type)==="undirected",r,i,o,s,a==="update")}})});Hl(he);eu(he);vu(he);Su(he);var ea=class extends he{constructor(a){let e=Te({type:"directed"},a);if("multi"in e&&e.multi!==!1)throw new q("DirectedGraph.from: inconsistent indication that the graph should be multi in given options!");if(e.type!=="directed")throw new q('DirectedGraph.from: inconsistent "'+e.type+'" type in given options!');super(e)}},ta=class extends he{constructor(a){let e=Te({type:"undirected"},a);if("multi"in e&&e.multi!==!1)throw new q("UndirectedGraph.from: inconsistent indication that the graph should be multi in given options!");if(e.type!=="undirected")throw new q('UndirectedGraph.from: inconsistent "'+e.type+'" type in given options!');super(e)}},na=class extends he{constructor(a){let e=Te({multi:!0},a);if("multi"in e&&e.multi!==!0)throw new q("MultiGraph.from: inconsistent indication that the graph should be simple in given options!");super(e)}},aa=class extends he{constructor(a){let e=Te({type:"directed",multi:!0},a);if("multi"in e&&e.multi!==!0)throw new q("MultiDirectedGraph.from: inconsistent indication that the graph should be simple in given options!");if(e.type!=="directed")throw new q('MultiDirectedGraph.from: inconsistent "'+e.type+'" type in given options!');super(e)}},ra=class extends he{constructor(a){let e=Te({type:"undirected",multi:!0},a);if("multi"in e&&e.multi!==!0)throw new q("MultiUndirectedGraph.from: inconsistent indication that the graph should be simple in given options!");if(e.type!=="undirected")throw new q('MultiUndirectedGraph.from: inconsistent "'+e.type+'" type in given options!');super(e)}};function Qt(n){n.from=function(a,e){let t=Te({},a.options,e),r=new n(t);return r.import(a),r}}Qt(he);Qt(ea);Qt(ta);Qt(na);Qt(aa);Qt(ra);he.Graph=he;he.DirectedGraph=ea;he.UndirectedGraph=ta;he.MultiGraph=na;he.MultiDirectedGraph=aa;he.MultiUndirectedGraph=ra;he.InvalidArgumentsGraphError=q;he.NotFoundGraphError=$;he.UsageGraphError=Q;function la(n,a){(a==null||a>n.length)&&(a=n.length);for(var e=0,t=Array(a);e<a;e++)t[e]=n[e];return t}function ua(n,a){if(n){if(typeof n=="string")return la(n,a);var e={}.toString.call(n).slice(8,-1);return e==="Object"&&n.constructor&&(e=n.constructor.name),e==="Map"||e==="Set"?Array.from(n):e==="Arguments"||/^(?:Ui|I)nt(?:8|16|32)(?:Clamped)?Array$/.test(e)?la(n,a):void 0}}function Gu(n){if(Array.isArray(n))return n}function zu(n,a){var e=n==null?null:typeof Symbol<"u"&&n[Symbol.iterator]||n["@@iterator"];if(e!=null){var t,r,i,o,s=[],l=!0,u=!1;try{if(i=(e=e.call(n)).next,a===0){if(Object(e)!==e)return;l=!1}else for(;!(l=(t=i.call(e)).done)&&(s.push(t.value),s.length!==a);l=!0);}catch(d){u=!0,r=d}finally{try{if(!l&&e.return!=null&&(o=e.return(),Object(o)!==o))return}finally{if(u)throw r}}return s}}function Nu(){throw new TypeError(`Invalid attempt to destructure non-iterable instance.
In order to be iterable, non-array objects must have a [Symbol.iterator]() method.`)}function re(n,a){return Gu(n)||zu(n,a)||ua(n,a)||Nu()}function U(n,a){var e=typeof Symbol<"u"&&n[Symbol.iterator]||n["@@iterator"];if(!e){if(Array.isArray(n)||(e=ua(n))||a&&n&&typeof n.length=="number"){e&&(n=e);var t=0,r=function(){};return{s:r,n:function(){return t>=n.length?{done:!0}:{done:!1,value:n[t++]}},e:function(l){throw l},f:r}}throw new TypeError(`Invalid attempt to iterate non-iterable instance.
In order to be iterable, non-array objects must have a [Symbol.iterator]() method.`)}var i,o=!0,s=!1;return{s:function(){e=e.call(n)},n:function(){var l=e.next();return o=l.done,l},e:function(l){s=!0,i=l},f:function(){try{o||e.return==null||e.return()}finally{if(s)throw i}}}}function Ue(){return Float32Array.of(1,0,0,0,1,0,0,0,1)}function oa(n,a,e){return n[0]=a,n[4]=typeof e=="number"?e:a,n}function Ri(n,a){var e=Math.sin(a),t=Math.cos(a);return n[0]=t,n[1]=e,n[3]=-e,n[4]=t,n}function Ci(n,a,e){return n[6]=a,n[7]=e,n}function vt(n,a){var e=n[0],t=n[1],r=n[2],i=n[3],o=n[4],s=n[5],l=n[6],u=n[7],d=n[8],h=a[0],c=a[1],f=a[2],g=a[3],m=a[4],v=a[5],p=a[6],y=a[7],b=a[8];return n[0]=h*e+c*i+f*l,n[1]=h*t+c*o+f*u,n[2]=h*r+c*s+f*d,n[3]=g*e+m*i+v*l,n[4]=g*t+m*o+v*u,n[5]=g*r+m*s+v*d,n[6]=p*e+y*i+b*l,n[7]=p*t+y*o+b*u,n[8]=p*r+y*s+b*d,n}function rr(n,a){var e=Math.cos(a),t=Math.sin(a);return{x:e*n.x+t*n.y,y:-t*n.x+e*n.y}}function en(n,a){var e=arguments.length>2&&arguments[2]!==void 0?arguments[2]:1,t=n[0],r=n[1],i=n[3],o=n[4],s=n[6],l=n[7],u=a.x,d=a.y;return{x:u*t+d*i+s*e,y:u*r+d*o+l*e}}function Wu(n,a){var e=n.height/n.width,t=a.height/a.width;return e<1&&t>1||e>1&&t<1?1:Math.min(Math.max(t,1/t),Math.max(1/e,e))}function mt(n,a,e,t,r){var i=n.angle,o=n.ratio,s=n.x,l=n.y,u=a.width,d=a.height,h=Ue(),c=Math.min(u,d)-2*t,f=Wu(a,e);return r?(vt(h,Ci(Ue(),s,l)),vt(h,oa(Ue(),o)),vt(h,Ri(Ue(),i)),vt(h,oa(Ue(),u/c/2/f,d/c/2/f))):(vt(h,oa(Ue(),2*(c/u)*f,2*(c/d)*f)),vt(h,Ri(Ue(),-i)),vt(h,oa(Ue(),1/o)),vt(h,Ci(Ue(),-s,-l))),h}function Li(n,a,e){var t=en(n,{x:Math.cos(a.angle),y:Math.sin(a.angle)},0),r=t.x,i=t.y;return 1/Math.sqrt(Math.pow(r,2)+Math.pow(i,2))/e.width}function ir(n,a,e,t,r){var i=Math.floor(a/r*t),o=Math.floor(n.drawingBufferHeight/r-e/r*t);return[i,o]}var An={black:"#000000",silver:"#C0C0C0",gray:"#808080",grey:"#808080",white:"#FFFFFF",maroon:"#800000",red:"#FF0000",purple:"#800080",fuchsia:"#FF00FF",green:"#008000",lime:"#00FF00",olive:"#808000",yellow:"#FFFF00",navy:"#000080",blue:"#0000FF",teal:"#008080",aqua:"#00FFFF",darkblue:"#00008B",mediumblue:"#0000CD",darkgreen:"#006400",darkcyan:"#008B8B",deepskyblue:"#00BFFF",darkturquoise:"#00CED1",mediumspringgreen:"#00FA9A",springgreen:"#00FF7F",cyan:"#00FFFF",midnightblue:"#191970",dodgerblue:"#1E90FF",lightseagreen:"#20B2AA",forestgreen:"#228B22",seagreen:"#2E8B57",darkslategray:"#2F4F4F",darkslategrey:"#2F4F4F",limegreen:"#32CD32",mediumseagreen:"#3CB371",turquoise:"#40E0D0",royalblue:"#4169E1",steelblue:"#4682B4",darkslateblue:"#483D8B",mediumturquoise:"#48D1CC",indigo:"#4B0082",darkolivegreen:"#556B2F",cadetblue:"#5F9EA0",cornflowerblue:"#6495ED",rebeccapurple:"#663399",mediumaquamarine:"#66CDAA",dimgray:"#696969",dimgrey:"#696969",slateblue:"#6A5ACD",olivedrab:"#6B8E23",slategray:"#708090",slategrey:"#708090",lightslategray:"#778899",lightslategrey:"#778899",mediumslateblue:"#7B68EE",lawngreen:"#7CFC00",chartreuse:"#7FFF00",aquamarine:"#7FFFD4",skyblue:"#87CEEB",lightskyblue:"#87CEFA",blueviolet:"#8A2BE2",darkred:"#8B0000",darkmagenta:"#8B008B",saddlebrown:"#8B4513",darkseagreen:"#8FBC8F",lightgreen:"#90EE90",mediumpurple:"#9370DB",darkviolet:"#9400D3",palegreen:"#98FB98",darkorchid:"#9932CC",yellowgreen:"#9ACD32",sienna:"#A0522D",brown:"#A52A2A",darkgray:"#A9A9A9",darkgrey:"#A9A9A9",lightblue:"#ADD8E6",greenyellow:"#ADFF2F",paleturquoise:"#AFEEEE",lightsteelblue:"#B0C4DE",powderblue:"#B0E0E6",firebrick:"#B22222",darkgoldenrod:"#B8860B",mediumorchid:"#BA55D3",rosybrown:"#BC8F8F",darkkhaki:"#BDB76B",mediumvioletred:"#C71585",indianred:"#CD5C5C",peru:"#CD853F",chocolate:"#D2691E",tan:"#D2B48C",lightgray:"#D3D3D3",lightgrey:"#D3D3D3",thistle:"#D8BFD8",orchid:"#DA70D6",goldenrod:"#DAA520",palevioletred:"#DB7093",crimson:"#DC143C",gainsboro:"#DCDCDC",plum:"#DDA0DD",burlywood:"#DEB887",lightcyan:"#E0FFFF",lavender:"#E6E6FA",darksalmon:"#E9967A",violet:"#EE82EE",palegoldenrod:"#EEE8AA",lightcoral:"#F08080",khaki:"#F0E68C",aliceblue:"#F0F8FF",honeydew:"#F0FFF0",azure:"#F0FFFF",sandybrown:"#F4A460",wheat:"#F5DEB3",beige:"#F5F5DC",whitesmoke:"#F5F5F5",mintcream:"#F5FFFA",ghostwhite:"#F8F8FF",salmon:"#FA8072",antiquewhite:"#FAEBD7",linen:"#FAF0E6",lightgoldenrodyellow:"#FAFAD2",oldlace:"#FDF5E6",magenta:"#FF00FF",deeppink:"#FF1493",orangered:"#FF4500",tomato:"#FF6347",hotpink:"#FF69B4",coral:"#FF7F50",darkorange:"#FF8C00",lightsalmon:"#FFA07A",orange:"#FFA500",lightpink:"#FFB6C1",pink:"#FFC0CB",gold:"#FFD700",peachpuff:"#FFDAB9",navajowhite:"#FFDEAD",moccasin:"#FFE4B5",bisque:"#FFE4C4",mistyrose:"#FFE4E1",blanchedalmond:"#FFEBCD",papayawhip:"#FFEFD5",lavenderblush:"#FFF0F5",seashell:"#FFF5EE",cornsilk:"#FFF8DC",lemonchiffon:"#FFFACD",floralwhite:"#FFFAF0",snow:"#FFFAFA",lightyellow:"#FFFFE0",ivory:"#FFFFF0"},ki=new Int8Array(4),sa=new Int32Array(ki.buffer,0,1),Pi=new Float32Array(ki.buffer,0,1),Mu=/^\s*rgba?\s*\(/,Ou=/^\s*rgba?\s*\(\s*([0-9]*)\s*,\s*([0-9]*)\s*,\s*([0-9]*)(?:\s*,\s*(.*)?)?\)\s*$/;function da(n){var a=0,e=0,t=0,r=1,i=n.toLowerCase();if(i==="transparent")return{r:0,g:0,b:0,a:0};if(i in An)return da(An[i]);if(n[0]==="#")n.length===4?(a=parseInt(n.charAt(1)+n.charAt(1),16),e=parseInt(n.charAt(2)+n.charAt(2),16),t=parseInt(n.charAt(3)+n.charAt(3),16)):(a=parseInt(n.charAt(1)+n.charAt(2),16),e=parseInt(n.charAt(3)+n.charAt(4),16),t=parseInt(n.charAt(5)+n.charAt(6),16)),n.length===9&&(r=parseInt(n.charAt(7)+n.charAt(8),16)/255);else if(Mu.test(n)){var o=n.match(Ou);o&&(a=+o[1],e=+o[2],t=+o[3],o[4]&&(r=+o[4]))}return{r:a,g:e,b:t,a:r}}function Ii(n){var a=arguments.length>1&&arguments[1]!==void 0?arguments[1]:!1,e=da(n),t=e.r,r=e.g,i=e.b,o=e.a;return a?[t/255*o,r/255*o,i/255*o,o]:[t/255,r/255,i/255,o]}var Jt={};for(wn in An)Jt[wn]=Be(An[wn]),Jt[An[wn]]=Jt[wn];var wn;function Uu(n,a,e,t,r){return sa[0]=t<<24|e<<16|a<<8|n,r&&(sa[0]=sa[0]&4278190079),Pi[0]}function Be(n){if(n=n.toLowerCase(),typeof Jt[n]<"u")return Jt[n];var a=da(n),e=a.r,t=a.g,r=a.b,i=a.a;i=i*255|0;var o=Uu(e,t,r,i,!0);return Jt[n]=o,o}function yt(n,a){Pi[0]=Be(n);var e=sa[0];a&&(e=e|16777216);var t=e&255,r=e>>8&255,i=e>>16&255,o=e>>24&255;return[t,r,i,o]}function tn(n){var a=n>>>8&255,e=n>>>16&255,t=n>>>24&255,r=n&255;return(r<<24|t<<16|e<<8|a)>>>0}function or(n,a,e,t){return(e<<24|a<<16|n<<8|t)>>>0}function Fi(n,a,e,t,r,i){var o=ir(n,e,t,r,i),s=re(o,2),l=s[0],u=s[1],d=new Uint8Array(4);n.bindFramebuffer(n.FRAMEBUFFER,a),n.readPixels(l,u,1,1,n.RGBA,n.UNSIGNED_BYTE,d);var h=re(d,4),c=h[0],f=h[1],g=h[2],m=h[3];return[c,f,g,m]}function Gi(n){var a=da(n),e=a.r,t=a.g,r=a.b,i=a.a,o=(e/255).toFixed(6),s=(t/255).toFixed(6),l=(r/255).toFixed(6),u=i.toFixed(6);return"vec4(".concat(o,", ").concat(s,", ").concat(l,", ").concat(u,")")}function Bu(n,a){if(typeof n!="object"||!n)return n;var e=n[Symbol.toPrimitive];if(e!==void 0){var t=e.call(n,a||"default");if(typeof t!="object")return t;throw new TypeError("@@toPrimitive must return a primitive value.")}return(a==="string"?String:Number)(n)}function Wi(n){var a=Bu(n,"string");return typeof a=="symbol"?a:a+""}function D(n,a,e){return(a=Wi(a))in n?Object.defineProperty(n,a,{value:e,enumerable:!0,configurable:!0,writable:!0}):n[a]=e,n}function zi(n,a){var e=Object.keys(n);if(Object.getOwnPropertySymbols){var t=Object.getOwnPropertySymbols(n);a&&(t=t.filter(function(r){return Object.getOwnPropertyDescriptor(n,r).enumerable})),e.push.apply(e,t)}return e}function H(n){for(var a=1;a<arguments.length;a++){var e=arguments[a]!=null?arguments[a]:{};a%2?zi(Object(e),!0).forEach(function(t){D(n,t,e[t])}):Object.getOwnPropertyDescriptors?Object.defineProperties(n,Object.getOwnPropertyDescriptors(e)):zi(Object(e)).forEach(function(t){Object.defineProperty(n,t,Object.getOwnPropertyDescriptor(e,t))})}return n}function te(n,a){if(!(n instanceof a))throw new TypeError("Cannot call a class as a function")}function Ni(n,a){for(var e=0;e<a.length;e++){var t=a[e];t.enumerable=t.enumerable||!1,t.configurable=!0,"value"in t&&(t.writable=!0),Object.defineProperty(n,Wi(t.key),t)}}function ne(n,a,e){return a&&Ni(n.prototype,a),e&&Ni(n,e),Object.defineProperty(n,"prototype",{writable:!1}),n}function kt(n){return kt=Object.setPrototypeOf?Object.getPrototypeOf.bind():function(a){return a.__proto__||Object.getPrototypeOf(a)},kt(n)}function Mi(){try{var n=!Boolean.prototype.valueOf.call(Reflect.construct(Boolean,[],function(){}))}catch{}return(Mi=function(){return!!n})()}function Hu(n){if(n===void 0)throw new ReferenceError("this hasn't been initialised - super() hasn't been called");return n}function $u(n,a){if(a&&(typeof a=="object"||typeof a=="function"))return a;if(a!==void 0)throw new TypeError("Derived constructors may only return object or undefined");return Hu(n)}function ge(n,a,e){return a=kt(a),$u(n,Mi()?Reflect.construct(a,e||[],kt(n).constructor):a.apply(n,e))}function sr(n,a){return sr=Object.setPrototypeOf?Object.setPrototypeOf.bind():function(e,t){return e.__proto__=t,e},sr(n,a)}function pe(n,a){if(typeof a!="function"&&a!==null)throw new TypeError("Super expression must either be null or a function");n.prototype=Object.create(a&&a.prototype,{constructor:{value:n,writable:!0,configurable:!0}}),Object.defineProperty(n,"prototype",{writable:!1}),a&&sr(n,a)}function ju(n){if(Array.isArray(n))return la(n)}function Vu(n){if(typeof Symbol<"u"&&n[Symbol.iterator]!=null||n["@@iterator"]!=null)return Array.from(n)}function qu(){throw new TypeError(`Invalid attempt to spread non-iterable instance.
In order to be iterable, non-array objects must have a [Symbol.iterator]() method.`)}function Z(n){return ju(n)||Vu(n)||ua(n)||qu()}function ae(n){"@babel/helpers - typeof";return ae=typeof Symbol=="function"&&typeof Symbol.iterator=="symbol"?function(a){return typeof a}:function(a){return a&&typeof Symbol=="function"&&a.constructor===Symbol&&a!==Symbol.prototype?"symbol":typeof a},ae(n)}function dt(n){return ae(n)==="object"&&n!==null&&"attribute"in n}function Oi(){var n=`
float sdf_circle(vec2 uv, float size) {
  return length(uv) - size;
}
`;return{name:"circle",glsl:n,uniforms:[]}}function Ui(n){var a,e=WebGL2RenderingContext,t=e.UNSIGNED_BYTE,r=(a=n?.color)!==null&&a!==void 0?a:{attribute:"color"};if(!dt(r)){var i=r,o=`
vec4 layer_fill() {
  return `.concat(Gi(i),`;
}
`);return{name:"fill",uniforms:[],attributes:[],glsl:o}}var s=r.attribute,l=`
vec4 layer_fill(vec4 v_fillColor) {
  return v_fillColor;
}
`;return{name:"fill",uniforms:[],attributes:[{name:"fillColor",size:4,type:t,normalized:!0,source:s}],glsl:l}}function Xu(n,a){if(typeof n=="string"){var e=Ii(n).map(function(u){return u.toFixed(6)}),t=re(e,4),r=t[0],i=t[1],o=t[2],s=t[3];return{glsl:"vec4(".concat(r,", ").concat(i,", ").concat(o,", ").concat(s,")"),attributes:[],needsNodeColors:!1}}if("node"in n&&n.node)return{glsl:n.node==="source"?"v_sourceColor":"v_targetColor",attributes:[],needsNodeColors:!0};var l=n;return{glsl:"v_".concat(a),attributes:[{name:"a_".concat(a),size:4,type:WebGL2RenderingContext.UNSIGNED_BYTE,normalized:!0,source:l.attribute,defaultValue:l.default}],needsNodeColors:!1}}function Pt(n){var a=n?.color;if(a===void 0){var e=`
// Plain solid color layer
vec4 layer_plain(EdgeContext ctx) {
  return v_color;
}
`;return{name:"plain",glsl:e,uniforms:[],attributes:[]}}var t=Xu(a,"plainColor"),r=`
// Plain solid color layer
vec4 layer_plain(EdgeContext ctx) {
  return `.concat(t.glsl,`;
}
`);return{name:"plain",glsl:r,uniforms:[],attributes:t.attributes,needsNodeColors:t.needsNodeColors}}function Bi(){var n=`
// Position at parameter t \u2208 [0, 1]
vec2 path_straight_position(float t, vec2 source, vec2 target) {
  return mix(source, target, t);
}

// Total length of the path (analytical - more efficient than sampling)
float path_straight_length(vec2 source, vec2 target) {
  return length(target - source);
}
`;return{name:"straight",segments:1,minBodyLengthRatio:0,linearParameterization:!0,glsl:n,uniforms:[],attributes:[]}}function Hi(n){var a=n??{},e=a.segments,t=e===void 0?32:e,r=`
const float LOOP_PI = 3.141592653589793;

float loopWorldRadius() {
  float nodeWorldRadius = v_sourceNodeSize * u_correctionRatio / u_sizeRatio;
  return max(v_loopRadius * nodeWorldRadius, 0.001);
}

// Cubic B\xE9zier with P0 = P3 = source.
// Control points extend outward orthogonal to the node surface at exit/entry angles.
vec2 path_loop_position(float t, vec2 source, vec2 target) {
  float R = loopWorldRadius();
  float angle = v_loopAngle + (v_loopFixedOrientation > 0.5 ? u_cameraAngle : 0.0);
  float halfSpread = v_loopSpread * 0.5;

  float exitAngle = angle - halfSpread;
  float entryAngle = angle + halfSpread;

  // Control point distance: at t=0.5 the B\xE9zier reaches 0.75 * cpDist * cos(halfSpread)
  // from source. Solve for cpDist so the loop tip reaches exactly R.
  float cpDist = R / (0.75 * cos(halfSpread));

  vec2 cp1 = source + cpDist * vec2(cos(exitAngle), sin(exitAngle));
  vec2 cp2 = source + cpDist * vec2(cos(entryAngle), sin(entryAngle));

  float u = 1.0 - t;
  vec2 d1 = cp1 - source;
  vec2 d2 = cp2 - source;
  return source + 3.0 * t * u * (u * d1 + t * d2);
}

// Approximate arc length via chord sampling
float path_loop_length(vec2 source, vec2 target) {
  float len = 0.0;
  vec2 prev = path_loop_position(0.0, source, target);
  const int STEPS = 16;
  for (int i = 1; i <= STEPS; i++) {
    float t = float(i) / float(STEPS);
    vec2 cur = path_loop_position(t, source, target);
    len += length(cur - prev);
    prev = cur;
  }
  return len;
}
`;return{name:"loop",segments:t,glsl:r,needsNodeSize:!0,uniforms:[],attributes:[{name:"loopRadius",size:1,type:WebGL2RenderingContext.FLOAT},{name:"loopAngle",size:1,type:WebGL2RenderingContext.FLOAT},{name:"loopSpread",size:1,type:WebGL2RenderingContext.FLOAT},{name:"loopFixedOrientation",size:1,type:WebGL2RenderingContext.FLOAT}],variables:{loopRadius:{type:"number",default:4},loopAngle:{type:"number",default:Math.PI/4},loopSpread:{type:"number",default:80*Math.PI/180},loopFixedOrientation:{type:"number",default:0}},spread:{variable:"loopRadius",compute:function(o){return o+4}}}}var Yi=st(_n());function $i(n){return ae(n)==="object"&&"glsl"in n&&!("attributes"in n)}function ji(n){return ae(n)==="object"&&"glsl"in n&&!("attributes"in n)}var Dn={shapes:[Oi()],variables:{},layers:[Ui()],label:{},backdrop:{},labelAttachments:{}},nn={paths:[Bi(),Hi()],extremities:[],variables:{},layers:[Pt()],defaultHead:"none",defaultTail:"none",label:{}},ha=["nodes","topNodes"],ca=["edges","topEdges"],fa=[].concat(ca,ha),Vi={nodes:Dn,edges:nn,depthLayers:Z(fa)};var Yu=function(a){return a},Ku=function(a){return a*a},Zu=function(a){return a*(2-a)},Qu=function(a){return(a*=2)<1?.5*a*a:-.5*(--a*(a-2)-1)},Ju=function(a){return a*a*a},ed=function(a){return--a*a*a+1},td=function(a){return(a*=2)<1?.5*a*a*a:.5*((a-=2)*a*a+2)},nd=function(a){return a===0?0:Math.pow(2,10*(a-1))},ad=function(a){return a===1?1:1-Math.pow(2,-10*a)},rd=function(a){return a===0?0:a===1?1:a<.5?Math.pow(2,10*(2*a-1))/2:(2-Math.pow(2,-10*(2*a-1)))/2},lr={linear:Yu,quadraticIn:Ku,quadraticOut:Zu,quadraticInOut:Qu,cubicIn:Ju,cubicOut:ed,cubicInOut:td,exponentialIn:nd,exponentialOut:ad,exponentialInOut:rd};function ga(n){return n?typeof n=="function"?n:lr[n]:lr.linear}function dr(n){return ae(n)==="object"&&n!==null&&"attribute"in n}function Ki(n){return typeof n=="function"}function Zi(n){return ae(n)==="object"&&n!==null&&"when"in n&&typeof n.when=="function"&&"then"in n}function Qi(n){return ae(n)==="object"&&n!==null&&"whenState"in n&&"then"in n}function Ji(n){return ae(n)==="object"&&n!==null&&"whenData"in n&&"then"in n}var id={isHovered:!1,isLabelHovered:!1,isHidden:!1,isHighlighted:!1,isDragged:!1},od={isHovered:!1,isLabelHovered:!1,isHidden:!1,isHighlighted:!1,parallelIndex:0,parallelCount:1},sd={isIdle:!0,isPanning:!1,isZooming:!1,isDragging:!1,hasHovered:!1,hasHighlighted:!1};function eo(n){return H(H({},id),n)}function to(n){return H(H({},od),n)}function hr(n){return H(H({},sd),n)}var ld={x:{attribute:"x"},y:{attribute:"y"},size:{whenState:"isHovered",then:{attribute:"size",defaultValue:12},else:{attribute:"size",defaultValue:10}},color:{attribute:"color",defaultValue:"#666"},label:{attribute:"label"},visibility:{whenState:"isHidden",then:"hidden",else:"visible"},labelVisibility:{whenState:"isHovered",then:"visible",else:"auto"},backdropVisibility:{whenState:"isHovered",then:"visible",else:"hidden"},backdropColor:"#ffffff",backdropShadowColor:"rgba(0, 0, 0, 0.5)",backdropShadowBlur:12,backdropPadding:6},ud={size:{attribute:"size",defaultValue:1},color:{attribute:"color",defaultValue:"#ccc"},label:{attribute:"label"},visibility:{whenState:"isHidden",then:"hidden",else:"visible"}};var va={nodes:H(H({},ld),{},{depth:{whenState:"isHovered",then:"topNodes",else:"nodes"}}),edges:H(H({},ud),{},{depth:{whenState:["isHighlighted","isHovered"],then:"topEdges",else:"edges"}})};function dd(n){return"min"in n||"max"in n||"minValue"in n||"maxValue"in n||"easing"in n}function hd(n){return"dict"in n}function ma(n,a){return typeof n=="string"?a[n]===!0:Array.isArray(n)?n.every(function(e){return a[e]===!0}):ae(n)==="object"&&n!==null?Object.entries(n).every(function(e){var t=re(e,2),r=t[0],i=t[1];return a[r]===i}):!1}function cd(n,a){var e=a[n.attribute];return e===void 0?n.defaultValue:e}function fd(n,a,e){var t,r,i,o,s=a[n.attribute];if(s===void 0)return n.defaultValue;var l=Number(s);if(isNaN(l))return n.defaultValue;if(n.min===void 0&&n.max===void 0)return l;var u=(t=n.minValue)!==null&&t!==void 0?t:l,d=(r=n.maxValue)!==null&&r!==void 0?r:l;if(d===u){var h;return(h=n.min)!==null&&h!==void 0?h:l}var c=(l-u)/(d-u);c=Math.max(0,Math.min(1,c));var f=ga(n.easing);c=f(c);var g=(i=n.min)!==null&&i!==void 0?i:0,m=(o=n.max)!==null&&o!==void 0?o:1;return g+c*(m-g)}function gd(n,a){var e=a[n.attribute];if(e===void 0)return n.defaultValue;var t=String(e);return t in n.dict?n.dict[t]:n.defaultValue}function pd(n,a,e){return hd(n)?gd(n,a):dd(n)?fd(n,a):cd(n,a)}function no(n,a){return typeof n=="string"?!!a[n]:Array.isArray(n)?n.every(function(e){return!!a[e]}):ae(n)==="object"&&n!==null?Object.entries(n).every(function(e){var t=re(e,2),r=t[0],i=t[1];return a[r]===i}):!1}function pa(n,a,e,t,r,i){if(n==null)return i;if(ae(n)!=="object"&&typeof n!="function")return n;if(Zi(n)){var o=n.when(a,e,t,r)?n.then:n.else;return o===void 0?i:pa(o,a,e,t,r,i)}if(Qi(n)){var s=ma(n.whenState,e)?n.then:n.else;return s===void 0?i:pa(s,a,e,t,r,i)}if(Ji(n)){var l=no(n.whenData,a)?n.then:n.else;return l===void 0?i:pa(l,a,e,t,r,i)}if(Ki(n)){var u=n(a,e,t,r);return u??i}if(dr(n)){var d=pd(n,a);return d??i}return n}function Ze(n){if(n==null)return"static";if(Zi(n))return"graph-state";if(Qi(n)){var a=Ze(n.then),e=n.else!==void 0?Ze(n.else):"static";return He("item-state",He(a,e))}if(Ji(n)){var t=Ze(n.then),r=n.else!==void 0?Ze(n.else):"static";return He(t,r)}return Ki(n)?"graph-state":(dr(n),"static")}function He(n,a){return n==="graph-state"||a==="graph-state"?"graph-state":n==="item-state"||a==="item-state"?"item-state":"static"}function cr(n){if(!n)return{dependency:"static",xAttribute:null,yAttribute:null};var a=Array.isArray(n)?n:[n],e="static",t=null,r=null,i=U(a),o;try{for(i.s();!(o=i.n()).done;){var s=o.value;if("matchData"in s&&"cases"in s)for(var l=s.cases,u=0,d=Object.values(l);u<d.length;u++)for(var h=d[u],c=0,f=Object.values(h);c<f.length;c++){var g=f[c];e=He(e,Ze(g))}else if("matchState"in s&&"cases"in s){e=He(e,"item-state");for(var m=s.cases,v=0,p=Object.values(m);v<p.length;v++)for(var y=p[v],b=0,_=Object.values(y);b<_.length;b++){var x=_[b];e=He(e,Ze(x))}}else if("when"in s&&"then"in s)e="graph-state";else if("whenState"in s){e=He(e,"item-state");var E=s.then;if(E&&ae(E)==="object")for(var w=0,A=Object.values(E);w<A.length;w++){var S=A[w];e=He(e,Ze(S))}var C=s.else;if(C&&ae(C)==="object")for(var G=0,L=Object.values(C);G<L.length;G++){var N=L[G];e=He(e,Ze(N))}}else if("whenData"in s){var k=s.then;if(k&&ae(k)==="object")for(var I=0,W=Object.values(k);I<W.length;I++){var P=W[I];e=He(e,Ze(P))}var T=s.else;if(T&&ae(T)==="object")for(var F=0,O=Object.values(T);F<O.length;F++){var z=O[F];e=He(e,Ze(z))}}else for(var R=0,V=Object.entries(s);R<V.length;R++){var j=re(V[R],2),K=j[0],Se=j[1];if(!gr.has(K)&&(e=He(e,Ze(Se)),(K==="x"||K==="y")&&dr(Se))){var ue=Se.attribute;K==="x"&&!t&&(t=ue),K==="y"&&!r&&(r=ue)}}}}catch(Y){i.e(Y)}finally{i.f()}return{dependency:e,xAttribute:t,yAttribute:r}}var ht={size:10,color:"#666",opacity:1,shape:"circle",rotationAlignment:"viewport",labelRotationAlignment:"viewport",visibility:"visible",depth:"nodes",zIndex:0,label:"",labelColor:"#000",labelSize:12,labelFont:"sans-serif",labelVisibility:"auto",labelPosition:"right",labelAngle:0,labelDepth:"nodes",backdropVisibility:"hidden",backdropColor:"transparent",backdropShadowColor:"transparent",backdropShadowBlur:0,backdropPadding:0,backdropBorderColor:"transparent",backdropBorderWidth:0,backdropCornerRadius:0,backdropLabelPadding:-1,backdropArea:"both",labelAttachment:null,labelAttachmentPlacement:"below"},fr={size:1,color:"#ccc",opacity:1,path:"straight",selfLoopPath:"loop",parallelSpread:.25,tail:"none",head:"none",visibility:"visible",depth:"edges",zIndex:0,label:"",labelColor:"#666",labelVisibility:"auto",labelDepth:"edges"},gr=new Set(["when","whenState","whenData","then","else"]),qi=Object.keys(ht),vd=Object.values(ht),Xi=Object.keys(fr),md=Object.values(fr);function an(n,a,e,t,r,i,o){for(var s in a){var l;if(!gr.has(s)){var u=(l=n[s])!==null&&l!==void 0?l:o[s];n[s]=pa(a[s],e,t,r,i,u)}}"depth"in a&&!("labelDepth"in a)&&(n.labelDepth=n.depth)}function ao(n,a,e,t,r,i,o){var s=U(a),l;try{for(s.s();!(l=s.n()).done;){var u=l.value;if("matchData"in u&&"cases"in u){var d,h=String((d=e[u.matchData])!==null&&d!==void 0?d:""),c=u.cases;h in c&&an(n,c[h],e,t,r,i,o)}else if("matchState"in u&&"cases"in u){var f,g=String((f=t[u.matchState])!==null&&f!==void 0?f:""),m=u.cases;g in m&&an(n,m[g],e,t,r,i,o)}else if("when"in u&&"then"in u){var v=u.when;if(!v(e,t,r,i))continue;an(n,u.then,e,t,r,i,o)}else if("whenState"in u&&"then"in u){if(!ma(u.whenState,t))continue;an(n,u.then,e,t,r,i,o)}else if("whenData"in u&&"then"in u){if(!no(u.whenData,e))continue;an(n,u.then,e,t,r,i,o)}else an(n,u,e,t,r,i,o)}}catch(p){s.e(p)}finally{s.f()}}function pr(n,a,e,t,r,i){for(var o=i||{},s=o,l=0,u=qi.length;l<u;l++)s[qi[l]]=vd[l];if(s.x=void 0,s.y=void 0,s.labelBackgroundColor=void 0,s.labelBackgroundPadding=void 0,s.labelCursor=void 0,!n){var d,h,c,f,g;return s.x=(d=a.x)!==null&&d!==void 0?d:0,s.y=(h=a.y)!==null&&h!==void 0?h:0,o.size=(c=a.size)!==null&&c!==void 0?c:10,o.color=(f=a.color)!==null&&f!==void 0?f:"#666",o.label=(g=a.label)!==null&&g!==void 0?g:"",o}var m=Array.isArray(n)?n:[n];return ao(s,m,a,e,t,r,ht),o}function vr(n,a,e,t,r,i){for(var o=i||{},s=o,l=0,u=Xi.length;l<u;l++)s[Xi[l]]=md[l];if(!n){var d,h,c;return o.size=(d=a.size)!==null&&d!==void 0?d:1,o.color=(h=a.color)!==null&&h!==void 0?h:"#ccc",o.label=(c=a.label)!==null&&c!==void 0?c:"",o}var f=Array.isArray(n)?n:[n];return ao(s,f,a,e,t,r,fr),typeof s.labelPosition=="number"&&(s.labelPosition=void 0),o}function yd(n,a,e){var t,r;if(n==null)return e;if(typeof n=="function")return(t=n(a))!==null&&t!==void 0?t:e;if(ae(n)==="object"&&"when"in n){var i,o=n,s=o.when(a),l=s?o.then:o.else;return l===void 0?e:typeof l=="function"?(i=l(a))!==null&&i!==void 0?i:e:l??e}if(ae(n)==="object"&&"whenState"in n){var u,d=n,h=ma(d.whenState,a),c=h?d.then:d.else;return c===void 0?e:typeof c=="function"?(u=c(a))!==null&&u!==void 0?u:e:c??e}return(r=n)!==null&&r!==void 0?r:e}function mr(n,a){var e={};if(!n)return e;var t=Array.isArray(n)?n:[n],r=U(t),i;try{for(r.s();!(i=r.n()).done;){var o=i.value;if("when"in o&&"then"in o){var s=o.when(a),l=s?o.then:o.else;l&&ae(l)==="object"&&ur(e,l,a)}else if("whenState"in o&&"then"in o){var u=ma(o.whenState,a),d=u?o.then:o.else;d&&ae(d)==="object"&&ur(e,d,a)}else ur(e,o,a)}}catch(h){r.e(h)}finally{r.f()}return e}function ur(n,a,e){for(var t=0,r=Object.entries(a);t<r.length;t++){var i=re(r[t],2),o=i[0],s=i[1];gr.has(o)||(n[o]=yd(s,e))}}var ya=function(n){function a(){var e;return te(this,a),e=ge(this,a),e.rawEmitter=e,e}return pe(a,n),ne(a)}(Yi.EventEmitter);var ro=Vi;function yr(n,a){var e=a.size;if(e!==0){var t=n.length;n.length+=e;var r=0;a.forEach(function(i){n[t+r]=i,r++})}}function io(n){n=n||{};for(var a=0,e=arguments.length<=1?0:arguments.length-1;a<e;a++){var t=a+1<1||arguments.length<=a+1?void 0:arguments[a+1];t&&Object.assign(n,t)}return n}function rn(n,a){for(var e in a)if(Object.prototype.hasOwnProperty.call(a,e)&&a[e]!==n[e])return!0;return!1}function oo(n,a){var e=n,t=a;for(var r in e)if(Object.prototype.hasOwnProperty.call(e,r)&&e[r]!==t[r])return!1;for(var i in t)if(Object.prototype.hasOwnProperty.call(t,i)&&t[i]!==e[i])return!1;return!0}function It(n,a,e){e?n.add(a):n.delete(a)}var lo=st(Ft());var uo={easing:"quadraticInOut",duration:150};function bt(n){return n.labelVisibility==="visible"&&n.visibility!=="hidden"}function br(n){return n.backdropVisibility==="visible"&&n.visibility!=="hidden"}function ba(n){return[n.rotationAlignment==="graph"?1:0,n.labelRotationAlignment==="graph"?1:0]}function xr(n,a,e){var t=n[a];if(t)for(var r=0;r<t.length;r++){var i=t[r];if(!(e<i.offset||e>=i.offset+i.count)){if(i.count===1)t.splice(r,1);else if(e===i.offset)i.offset++,i.count--;else if(e===i.offset+i.count-1)i.count--;else{var o=e+1,s=i.offset+i.count-o;i.count=e-i.offset,t.splice(r+1,0,{offset:o,count:s})}return}}}function _r(n,a,e){if(!n[a]){n[a]=[{offset:e,count:1}];return}for(var t=n[a],r=t.length,i=0;i<t.length;i++)if(e<t[i].offset){r=i;break}var o=r>0?t[r-1]:null,s=r<t.length?t[r]:null,l=o&&o.offset+o.count===e,u=s&&e+1===s.offset;l&&u?(o.count+=1+s.count,t.splice(r,1)):l?o.count++:u?(s.offset--,s.count++):t.splice(r,0,{offset:e,count:1})}function ho(n){if(!(0,lo.default)(n))throw new Error("Sigma: invalid graph instance.")}function xa(n){var a=re(n.x,2),e=a[0],t=a[1],r=re(n.y,2),i=r[0],o=r[1],s=Math.max(t-e,o-i),l=(t+e)/2,u=(o+i)/2;(s===0||Math.abs(s)===1/0||isNaN(s))&&(s=1),isNaN(l)&&(l=0),isNaN(u)&&(u=0);var d=function(c){return{x:.5+(c.x-l)/s,y:.5+(c.y-u)/s}};return d.applyTo=function(h){h.x=.5+(h.x-l)/s,h.y=.5+(h.y-u)/s},d.inverse=function(h){return{x:l+s*(h.x-.5),y:u+s*(h.y-.5)}},d.ratio=s,d}var _a={hideEdgesOnMove:!1,hideLabelsOnMove:!1,renderLabels:!0,renderEdgeLabels:!1,edgeLabelAnchors:"nodeLabels",enableEdgeEvents:!1,nodeLabelEvents:!1,edgeLabelEvents:!1,pickingDownSizingRatio:2,nodePickingPadding:0,edgePickingPadding:4,labelPickingPadding:10,stagePadding:30,minEdgeThickness:1.7,antiAliasingFeather:1,antialiasEdges:!0,antialiasNodes:!0,dragTimeout:100,draggedEventsTolerance:3,inertiaDuration:200,inertiaRatio:3,zoomDuration:250,zoomingRatio:1.7,doubleClickTimeout:300,doubleClickZoomingRatio:2.2,doubleClickZoomingDuration:200,tapMoveTolerance:10,zoomToSizeRatioFunction:Math.sqrt,itemSizesReference:"positions",autoRescale:!0,autoRescaleContent:"positions",enableNodeDrag:!1,getDraggedNodes:function(a){return[a]},dragPositionToAttributes:null,labelDensity:1,labelGridCellSize:100,labelRenderedSizeThreshold:6,labelPixelSnapping:!0,minCameraRatio:null,maxCameraRatio:null,enableCameraZooming:!0,enableCameraPanning:!0,enableCameraRotation:!0,enableCameraMouseRotation:!0,cameraPanBoundaries:null,gestureTarget:"graph",sharedGestureWheelMessage:"Use Ctrl + scroll to zoom the graph",sharedGestureAppleWheelMessage:"Use \u2318 + scroll to zoom the graph",sharedGestureTouchMessage:"Use two fingers to move the graph",allowInvalidContainer:!1,DEBUG_displayPickingLayer:!1,DEBUG_logShaders:!1,DEBUG_logRenderStats:!1,DEBUG_gpuTimerQueries:!1};function Ta(n){if(typeof n.labelDensity!="number"||n.labelDensity<0)throw new Error("Settings: invalid `labelDensity`. Expecting a positive number.");var a=n.minCameraRatio,e=n.maxCameraRatio;if(typeof a=="number"&&typeof e=="number"&&e<a)throw new Error("Settings: invalid camera ratio boundaries. Expecting `maxCameraRatio` to be greater than `minCameraRatio`.")}function co(n){return io({},_a,n)}var bd=new Set(["italic","oblique"]),xd=new Set(["bold","bolder","lighter"]);function Ea(n){for(var a="normal",e="normal",t=n.trim(),r=t.split(/\s+/),i=0,o=0;o<r.length;o++){var s=r[o].toLowerCase();if(bd.has(s))e=s,i=o+1;else if(xd.has(s)||/^\d{3}$/.test(s))a=s,i=o+1;else if(s==="normal")i=o+1;else break}var l=r.slice(i).join(" ");return{family:l||t,weight:a,style:e}}function on(n,a,e){var t=document.createElement(n);if(a)for(var r in a)t.style[r]=a[r];if(e)for(var i in e)t.setAttribute(i,e[i]);return t}function Rn(){return typeof window.devicePixelRatio<"u"?window.devicePixelRatio:1}var To=st(_n());function _d(n){var a=n.type===WebGL2RenderingContext.FLOAT&&!n.normalized,e=n.type===WebGL2RenderingContext.UNSIGNED_BYTE&&n.size===4&&n.normalized;if(!a&&!e)throw new Error('Attribute "'.concat(n.name,'" is invalid: only non-normalized FLOAT and normalized UNSIGNED_BYTE with size 4 are supported.'));return n.normalized?1:n.size}function Tr(n){var a=0;return n.forEach(function(e){return a+=_d(e)}),a}function Eo(n,a,e){var t=n==="VERTEX"?a.VERTEX_SHADER:a.FRAGMENT_SHADER,r=a.createShader(t);if(r===null)throw new Error("loadShader: error while creating the shader");a.shaderSource(r,e),a.compileShader(r);var i=a.getShaderParameter(r,a.COMPILE_STATUS);if(!i){var o=a.getShaderInfoLog(r);throw a.deleteShader(r),new Error(`loadShader: error while compiling the shader:
`.concat(o,`
`).concat(e))}return r}function Sr(n,a){return Eo("VERTEX",n,a)}function wr(n,a){return Eo("FRAGMENT",n,a)}function Ar(n,a){var e=n.createProgram();if(e===null)throw new Error("loadProgram: error while creating the program.");var t,r;for(t=0,r=a.length;t<r;t++)n.attachShader(e,a[t]);n.linkProgram(e);var i=n.getProgramParameter(e,n.LINK_STATUS);if(!i){var o=n.getProgramInfoLog(e);throw n.deleteProgram(e),new Error("loadProgram: error while linking the program: ".concat(o))}return e}function fo(n){var a=n.gl,e=n.buffer,t=n.program,r=n.vertexShader,i=n.fragmentShader;a.deleteShader(r),a.deleteShader(i),a.deleteProgram(t),a.deleteBuffer(e)}function be(n){return n%1===0?n.toFixed(1):n.toString()}var Ca=new Map,So=new Map,Td=0;function wo(n,a){var e,t=(e=n.variables)===null||e===void 0||(e=e[a.source||a.name.replace(/^a_/,"")])===null||e===void 0?void 0:e.default,r=typeof t=="number"?t:typeof a.defaultValue=="number"?a.defaultValue:0;return be(r)}function La(n,a,e){var t,r=arguments.length>3&&arguments[3]!==void 0?arguments[3]:function(o){return"v_".concat(o.name.replace(/^a_/,""))},i=[a,e].concat(Z(n.uniforms.filter(function(o){return o.type==="float"}).map(function(o){var s;return be((s=o.value)!==null&&s!==void 0?s:0)})),Z(((t=n.attributes)!==null&&t!==void 0?t:[]).map(r)));return"sdf_".concat(n.name,"(").concat(i.join(", "),")")}function Ed(n){var a,e=n.name,t=n.uniforms.filter(function(o){return o.type==="float"&&o.value!==void 0&&o.value!==0}).map(function(o){return"".concat(o.name.replace("u_",""),"=").concat(o.value)}).sort(),r=((a=n.attributes)!==null&&a!==void 0?a:[]).map(function(o){var s;return"".concat(o.name,"@").concat((s=o.source)!==null&&s!==void 0?s:"","=").concat(wo(n,o))}),i=[].concat(Z(t),Z(r));return i.length>0&&(e+="#"+i.join("#")),e}function Sd(n){var a=Ed(n);if(!Ca.has(a)){var e={},t=U(n.uniforms),r;try{for(t.s();!(r=t.n()).done;){var i=r.value;i.type==="float"&&i.value!==void 0&&(e[i.name]=i.value)}}catch(o){t.e(o)}finally{t.f()}Ca.set(a,{shape:n,uniformValues:e,slug:a}),So.set(a,Td++)}return a}function In(n){var a;return(a=So.get(n))!==null&&a!==void 0?a:-1}function Ao(n){var a=[],e=new Set,t=new Set,r=/mat2 rotate2D\(float angle\)\s*\{[^}]+\}/,i=U(n),o;try{for(i.s();!(o=i.n()).done;){var s=o.value;if(!t.has(s.name)){t.add(s.name);var l=s.glsl;r.test(l)&&(e.has("rotate2D")?l=l.replace(r,""):e.add("rotate2D")),a.push(l)}}}catch(u){i.e(u)}finally{i.f()}return a.join(`
`)}function wd(){return Ao(Array.from(Ca.values()).map(function(n){return n.shape}))}function Ad(n){var a=Array.from(Ca.entries());if(a.length===0)return`
float querySDF(int shapeId, vec2 uv, float size) {
  return length(uv) - size;
}
`;var e=a.map(function(t,r){var i=re(t,2),o=i[0],s=i[1].shape,l=La(s,"uv","size",function(u){var d=u.name.replace(/^a_/,"");return n!=null&&n.has(d)?"g_".concat(d):wo(s,u)});return"    case ".concat(r,": return ").concat(l,"; // ").concat(o)}).join(`
`);return`
float querySDF(int shapeId, vec2 uv, float size) {
  switch (shapeId) {
`.concat(e,`
    default: return length(uv) - size;
  }
}
`)}function Dr(n){return Ao(n)}function Fn(n){return Z(new Map(n.flatMap(function(a){return a.uniforms}).map(function(a){return[a.name,a]})).values())}function Dd(n,a){if(n.length===0)return`
void queryNodeSDF(int shapeId, vec2 uv, float size) {
  context.sdf = length(uv) - size;
  context.inradiusFactor = 1.0;
}
`;var e=function(h){return La(h,"uv","size")},t=function(h){var c,f;return(c=h.inradiusFactorGLSL)!==null&&c!==void 0?c:be((f=h.inradiusFactor)!==null&&f!==void 0?f:1)};if(n.length===1){var r=n[0];return`
void queryNodeSDF(int shapeId, vec2 uv, float size) {
  context.sdf = `.concat(e(r),`;
  context.inradiusFactor = `).concat(t(r),`;
}
`)}var i=n.map(function(d,h){return"    case ".concat(h,": // ").concat(d.name,`
      context.sdf = `).concat(e(d),`;
      context.inradiusFactor = `).concat(t(d),`;
      break;`)}).join(`
`),o=n[0],s="",l="shapeId";if(a&&a.length>1){var u=a.map(function(d,h){return"    case ".concat(d,": return ").concat(h,"; // ").concat(n[h].name)}).join(`
`);s=`
int globalToLocalShapeId(int globalId) {
  switch (globalId) {
`.concat(u,`
    default: return 0;
  }
}
`),l="globalToLocalShapeId(shapeId)"}return"".concat(s,`
void queryNodeSDF(int shapeId, vec2 uv, float size) {
  switch (`).concat(l,`) {
`).concat(i,`
    default:
      context.sdf = `).concat(e(o),`;
      context.inradiusFactor = `).concat(t(o),`;
  }
}
`)}var ln={right:0,left:1,above:2,below:3,over:4},un=5,Rr=3,Do=`
float matrixScaleX = length(vec2(u_matrix[0][0], u_matrix[1][0]));
float nodeRadiusGraphSpace = nodeSize * u_correctionRatio / u_sizeRatio * 2.0;
float nodeRadiusNDC = nodeRadiusGraphSpace * matrixScaleX;
float nodeRadiusPixels = nodeRadiusNDC * u_resolution.x / 2.0;
`,Rd=`
mat2 rotate2D(float angle) {
  float c = cos(angle);
  float s = sin(angle);
  return mat2(c, -s, s, c);
}
`,Ro=`
vec2 getLabelDirection(float positionMode) {
  if (positionMode < 0.5) return vec2(1.0, 0.0);   // Right
  if (positionMode < 1.5) return vec2(-1.0, 0.0);  // Left
  if (positionMode < 2.5) return vec2(0.0, -1.0);  // Above
  if (positionMode < 3.5) return vec2(0.0, 1.0);   // Below
  return vec2(0.0);                                 // Over (centered)
}
`,Cd=`
float sdfBox(vec2 p, vec2 halfSize) {
  vec2 d = abs(p) - halfSize;
  return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0);
}
`,Ld=`
float sdfRotatedBox(vec2 p, vec2 halfSize, float angle) {
  float c = cos(-angle);
  float s = sin(-angle);
  vec2 rotatedP = mat2(c, -s, s, c) * p;
  return sdfBox(rotatedP, halfSize);
}
`,kd=`
float sdfRoundedBox(vec2 p, vec2 halfSize, float radius) {
  vec2 d = abs(p) - halfSize + radius;
  return length(max(d, 0.0)) + min(max(d.x, d.y), 0.0) - radius;
}
`,Pd=`
float sdfRoundedRotatedBox(vec2 p, vec2 halfSize, float angle, float radius) {
  float c = cos(-angle);
  float s = sin(-angle);
  vec2 rotatedP = mat2(c, -s, s, c) * p;
  return sdfRoundedBox(rotatedP, halfSize, radius);
}
`,Co=`
vec2 labelBoxCenter(float positionMode, float labelStart, vec2 halfSize, float textHalfY) {
  if (positionMode < 0.5) return vec2(labelStart + halfSize.x, 0.0);    // right
  if (positionMode < 1.5) return vec2(-(labelStart + halfSize.x), 0.0); // left
  if (positionMode < 2.5) return vec2(0.0, -(labelStart + textHalfY));  // above
  if (positionMode < 3.5) return vec2(0.0, labelStart + textHalfY);     // below
  return vec2(0.0);                                                     // over
}
`,Cr=2,ct=`
vec4 readNodeData(sampler2D nodeDataTexture, int nodeDataTextureWidth, int nodeIndex) {
  int t = nodeIndex * `.concat(Cr,`;
  ivec2 coord = ivec2(t % nodeDataTextureWidth, t / nodeDataTextureWidth);
  return texelFetch(nodeDataTexture, coord, 0);
}
`),zt=`
vec4 readNodeFlags(sampler2D nodeDataTexture, int nodeDataTextureWidth, int nodeIndex) {
  int t = nodeIndex * `.concat(Cr,` + 1;
  ivec2 coord = ivec2(t % nodeDataTextureWidth, t / nodeDataTextureWidth);
  return texelFetch(nodeDataTexture, coord, 0);
}
`),Id=`
vec4 readNodeColor(sampler2D nodeDataTexture, int nodeDataTextureWidth, int nodeIndex) {
  int t = nodeIndex * `.concat(Cr,` + 1;
  ivec2 coord = ivec2(t % nodeDataTextureWidth, t / nodeDataTextureWidth);
  vec4 texel = texelFetch(nodeDataTexture, coord, 0);
  float r = floor(texel.b / 65536.0);
  float g = floor(mod(texel.b, 65536.0) / 256.0);
  float b = mod(texel.b, 256.0);
  return vec4(r / 255.0, g / 255.0, b / 255.0, texel.a);
}
`),dn=`
vec4 readFrameTexel(sampler2D frameTexture, int frameTextureWidth, int index) {
  ivec2 coord = ivec2(index % frameTextureWidth, index / frameTextureWidth);
  return texelFetch(frameTexture, coord, 0);
}
`;function Fd(n,a){var e=function(o){return La(o,"uv","size")};if(n.length===1)return{code:go(e(n[0])),multiShape:!1};var t=n.map(function(i,o){return"    case ".concat(a?a[o]:o,": return ").concat(e(i),";")}).join(`
`),r=`
float queryShapeSDF(int shapeId, vec2 uv, float size) {
  switch (shapeId) {
`.concat(t,`
    default: return `).concat(e(n[0]),`;
  }
}
int g_shapeId;
`).concat(go("queryShapeSDF(g_shapeId, uv, size)"),`
`);return{code:r,multiShape:!0}}function go(n){return`
float findEdgeDistance(vec2 direction, float size) {
  float lo = 0.0, hi = 2.0;
  for (int i = 0; i < 8; i++) {
    float mid = (lo + hi) * 0.5;
    vec2 uv = direction * mid;
    if (`.concat(n,` < 0.0) lo = mid; else hi = mid;
  }
  return (lo + hi) * 0.5;
}
`)}function Gd(n,a){for(;!{}.hasOwnProperty.call(n,a)&&(n=kt(n))!==null;);return n}function Er(){return Er=typeof Reflect<"u"&&Reflect.get?Reflect.get.bind():function(n,a,e){var t=Gd(n,a);if(t){var r=Object.getOwnPropertyDescriptor(t,a);return r.get?r.get.call(arguments.length<3?n:e):r.value}},Er.apply(null,arguments)}function Ee(n,a,e,t){var r=Er(kt(1&t?n.prototype:n),a,e);return 2&t&&typeof r=="function"?function(i){return r.apply(e,i)}:r}var zd=1024,Nd=1.5,Wd=4096,Lo=-1,ka=function(){function n(a,e){var t=arguments.length>2&&arguments[2]!==void 0?arguments[2]:zd;te(this,n),D(this,"texture",null),D(this,"dirty",!1),D(this,"dirtyRangeStart",1/0),D(this,"dirtyRangeEnd",-1),D(this,"indexMap",new Map),D(this,"freeIndices",[]),D(this,"nextIndex",0),this.gl=a,this.TEXELS_PER_ITEM=e,this.capacity=this.roundUpToPowerOfTwo(t);var r=this.computeTextureDimensions(this.capacity);this.textureWidth=r.width,this.textureHeight=r.height,this.data=new Float32Array(this.textureWidth*this.textureHeight*4),this.createTexture()}return ne(n,[{key:"computeTextureDimensions",value:function(e){var t=e*this.TEXELS_PER_ITEM,r=Math.min(t,Wd),i=Math.ceil(t/r);return{width:r,height:i}}},{key:"roundUpToPowerOfTwo",value:function(e){return Math.pow(2,Math.ceil(Math.log2(Math.max(1,e))))}},{key:"createTexture",value:function(){var e=this.gl;this.texture=e.createTexture(),e.activeTexture(e.TEXTURE0),e.bindTexture(e.TEXTURE_2D,this.texture),e.texImage2D(e.TEXTURE_2D,0,e.RGBA32F,this.textureWidth,this.textureHeight,0,e.RGBA,e.FLOAT,this.data),e.texParameteri(e.TEXTURE_2D,e.TEXTURE_MIN_FILTER,e.NEAREST),e.texParameteri(e.TEXTURE_2D,e.TEXTURE_MAG_FILTER,e.NEAREST),e.texParameteri(e.TEXTURE_2D,e.TEXTURE_WRAP_S,e.CLAMP_TO_EDGE),e.texParameteri(e.TEXTURE_2D,e.TEXTURE_WRAP_T,e.CLAMP_TO_EDGE),e.bindTexture(e.TEXTURE_2D,null)}},{key:"resize",value:function(e){if(!(e<=this.capacity)){var t=this.roundUpToPowerOfTwo(Math.ceil(e*Nd)),r=this.gl,i=this.computeTextureDimensions(t),o=new Float32Array(i.width*i.height*4);o.set(this.data),this.texture&&r.deleteTexture(this.texture),this.data=o,this.capacity=t,this.textureWidth=i.width,this.textureHeight=i.height,this.createTexture(),this.dirty=!0,this.dirtyRangeStart=0,this.dirtyRangeEnd=this.nextIndex}}},{key:"allocate",value:function(e){var t=this.indexMap.get(e);if(t!==void 0)return t;var r;return this.freeIndices.length>0?r=this.freeIndices.pop():(r=this.nextIndex++,r>=this.capacity&&this.resize(r+1)),this.indexMap.set(e,r),r}},{key:"free",value:function(e){var t=this.indexMap.get(e);if(t!==void 0){this.indexMap.delete(e),this.freeIndices.push(t);for(var r=t*this.TEXELS_PER_ITEM*4,i=0;i<this.TEXELS_PER_ITEM*4;i++)this.data[r+i]=0;this.markDirty(t)}}},{key:"getIndex",value:function(e){var t;return(t=this.indexMap.get(e))!==null&&t!==void 0?t:-1}},{key:"has",value:function(e){return this.indexMap.has(e)}},{key:"markDirty",value:function(e){this.dirty=!0,this.dirtyRangeStart=Math.min(this.dirtyRangeStart,e),this.dirtyRangeEnd=Math.max(this.dirtyRangeEnd,e+1)}},{key:"upload",value:function(){if(!(!this.dirty||!this.texture)){var e=this.gl,t=this.textureWidth;e.activeTexture(e.TEXTURE0),e.bindTexture(e.TEXTURE_2D,this.texture);var r=this.dirtyRangeStart*this.TEXELS_PER_ITEM,i=Math.min(this.dirtyRangeEnd*this.TEXELS_PER_ITEM,this.capacity*this.TEXELS_PER_ITEM);if(r<i)for(var o=Math.floor(r/t),s=Math.floor((i-1)/t),l=o;l<=s;l++){var u=l*t,d=Math.min(u+t,this.capacity*this.TEXELS_PER_ITEM),h=Math.max(r,u),c=Math.min(i,d);if(h<c){var f=h-u,g=c-h,m=this.data.subarray(h*4,c*4);e.texSubImage2D(e.TEXTURE_2D,0,f,l,g,1,e.RGBA,e.FLOAT,m)}}e.bindTexture(e.TEXTURE_2D,null),this.dirty=!1,this.dirtyRangeStart=1/0,this.dirtyRangeEnd=-1}}},{key:"bind",value:function(e){var t=this.gl;t.activeTexture(t.TEXTURE0+e),t.bindTexture(t.TEXTURE_2D,this.texture)}},{key:"getTexture",value:function(){return this.texture}},{key:"getCapacity",value:function(){return this.capacity}},{key:"getTextureWidth",value:function(){return this.textureWidth}},{key:"getTextureHeight",value:function(){return this.textureHeight}},{key:"getTexelsPerItem",value:function(){return this.TEXELS_PER_ITEM}},{key:"getCount",value:function(){return this.indexMap.size}},{key:"getHighWaterMark",value:function(){return this.nextIndex}},{key:"isDirty",value:function(){return this.dirty}},{key:"clear",value:function(){this.indexMap.clear(),this.freeIndices=[],this.nextIndex=0,this.data.fill(0),this.dirty=!0,this.dirtyRangeStart=0,this.dirtyRangeEnd=this.capacity}},{key:"restore",value:function(){this.createTexture(),this.dirty=!1,this.dirtyRangeStart=1/0,this.dirtyRangeEnd=-1}},{key:"kill",value:function(){this.texture&&(this.gl.deleteTexture(this.texture),this.texture=null),this.indexMap.clear(),this.freeIndices=[]}}])}();function $e(n){var a={},e={},t=0,r=U(n),i;try{for(r.s();!(i=r.n()).done;){var o=i.value,s=U(o.attributes),l;try{for(s.s();!(l=s.n()).done;){var u=l.value,d=u.name.replace(/^a_/,"");d in a||(a[d]=t,e[d]=u,t+=u.size)}}catch(h){s.e(h)}finally{s.f()}}}catch(h){r.e(h)}finally{r.f()}return{floatsPerItem:t,texelsPerItem:Math.max(1,Math.ceil(t/4)),offsets:a,specs:e}}var Pa=function(n){function a(e,t,r){var i;return te(this,a),i=ge(this,a,[e,t.texelsPerItem,r]),i.floatsPerItem=t.floatsPerItem,i}return pe(a,n),ne(a,[{key:"updateAllAttributes",value:function(t,r){var i=this.indexMap.get(t);i===void 0&&(i=this.allocate(t));for(var o=i*this.TEXELS_PER_ITEM*4,s=Math.min(r.length,this.floatsPerItem),l=0;l<s;l++)this.data[o+l]=r[l];this.markDirty(i)}},{key:"updateAllAttributesAtRow",value:function(t,r){t>=this.capacity&&this.resize(t+1);for(var i=t*this.TEXELS_PER_ITEM*4,o=Math.min(r.length,this.floatsPerItem),s=0;s<o;s++)this.data[i+s]=r[s];this.markDirty(t)}}])}(ka);function Ia(n,a,e){for(var t=[],r=new Set,i=0;i<n.length;i++){var o=n[i],s=U(o.attributes),l;try{for(s.s();!(l=s.n()).done;){var u=l.value,d=u.name.replace(/^a_/,"");if(!r.has(d)){r.add(d);var h=a.offsets[d];if(h!==void 0){var c=e?.get(i);t.push({sourceKey:u.source||d,packedOffset:h,size:u.size,isColor:u.size===4&&!!u.normalized,defaultNum:typeof u.defaultValue=="number"?u.defaultValue:u.defaultValue===!0?1:0,defaultColor:typeof u.defaultValue=="string"?u.defaultValue:"",sourceIndex:i,hasLifecycleHook:!!(c!=null&&c.getAttributeData)})}}}}catch(f){s.e(f)}finally{s.f()}}return t}function Fa(n,a,e,t,r,i){e.fill(0);for(var o=0,s=n.length;o<s;o++){var l=n[o],u=l.packedOffset,d=void 0;if(l.hasLifecycleHook){var h=r.get(l.sourceIndex-i);d=h.getAttributeData(a,l.sourceKey),d===null&&(d=a[l.sourceKey])}else d=a[l.sourceKey];if(l.isColor){var c=typeof d=="string"?d:l.defaultColor||t,f=yt(c),g=re(f,4),m=g[0],v=g[1],p=g[2],y=g[3];e[u]=m/255,e[u+1]=v/255,e[u+2]=p/255,e[u+3]=y/255}else if(l.size===1)e[u]=typeof d=="number"?d:typeof d=="boolean"?d?1:0:l.defaultNum;else{var b=Array.isArray(d)?d:null;if(b)for(var _=0;_<l.size;_++){var x;e[u+_]=(x=b[_])!==null&&x!==void 0?x:0}}}}var Sa=["r","g","b","a"];function sn(n,a){var e=n.offsets,t=n.specs,r=n.texelsPerItem,i=n.floatsPerItem,o=Object.keys(e);if(o.length===0||i===0)return{fetchCode:"",varyingAssignments:""};var s=a.varPrefix,l=a.baseTexelExpr,u=a.textureWidthUniform,d=a.textureSamplerUniform,h=a.outputPrefix,c=h===void 0?"v_":h,f=[];f.push("  int ".concat(s,"BaseTexel = ").concat(l,";")),f.push("");for(var g=0;g<r;g++)f.push("  ivec2 ".concat(s,"Coord").concat(g," = ivec2((").concat(s,"BaseTexel + ").concat(g,") % ").concat(u,", (").concat(s,"BaseTexel + ").concat(g,") / ").concat(u,");")),f.push("  vec4 ".concat(s,"Texel").concat(g," = texelFetch(").concat(d,", ").concat(s,"Coord").concat(g,", 0);"));f.push("");for(var m=[],v=function(){var _=y[p],x=t[_],E=e[_],w=Math.floor(E/4),A=E%4,S="".concat(s,"Texel").concat(w),C="".concat(s,"Texel").concat(w+1),G="".concat(s,"Fetched_").concat(_);if(x.size===1)f.push("  float ".concat(G," = ").concat(S,".").concat(Sa[A],";"));else if(x.size===4&&A===0)f.push("  vec4 ".concat(G," = ").concat(S,";"));else{var L=A+x.size;if(L<=4){var N="vec".concat(x.size),k=Sa.slice(A,L).join("");f.push("  ".concat(N," ").concat(G," = ").concat(S,".").concat(k,";"))}else{var I=x.size===4?"vec4":"vec".concat(x.size),W=Sa.slice(A).map(function(F){return"".concat(S,".").concat(F)}),P=Sa.slice(0,L-4).map(function(F){return"".concat(C,".").concat(F)}),T=[].concat(Z(W),Z(P)).join(", ");f.push("  ".concat(I," ").concat(G," = ").concat(I,"(").concat(T,");"))}}m.push("  ".concat(c).concat(_," = ").concat(G,";"))},p=0,y=o;p<y.length;p++)v();return{fetchCode:f.join(`
`),varyingAssignments:m.join(`
`)}}function Lr(n,a,e){if(!(!a||e.type==="sampler2D"))switch(e.type){case"float":n.uniform1f(a,e.value);break;case"int":case"bool":n.uniform1i(a,e.value);break;case"vec2":n.uniform2fv(a,e.value);break;case"vec3":n.uniform3fv(a,e.value);break;case"vec4":n.uniform4fv(a,e.value);break;case"mat3":n.uniformMatrix3fv(a,!1,e.value);break;case"mat4":n.uniformMatrix4fv(a,!1,e.value);break}}var Md=D(D(D(D(D(D(D(D({},WebGL2RenderingContext.BOOL,1),WebGL2RenderingContext.BYTE,1),WebGL2RenderingContext.UNSIGNED_BYTE,1),WebGL2RenderingContext.SHORT,2),WebGL2RenderingContext.UNSIGNED_SHORT,2),WebGL2RenderingContext.INT,4),WebGL2RenderingContext.UNSIGNED_INT,4),WebGL2RenderingContext.FLOAT,4);function wa(n){var a=n.match(/^(#version[^\n]*\n)/);return a?a[1]+`#define PICKING_MODE
`+n.slice(a[1].length):`#define PICKING_MODE
`+n}var Nt=function(){function n(a,e,t){te(this,n),D(this,"floats",new Float32Array),D(this,"ints",new Uint32Array),D(this,"constantArray",new Float32Array),D(this,"capacity",0),D(this,"verticesCount",0),D(this,"bufferGeneration",0),D(this,"uploadedGeneration",new Map),D(this,"constantBufferGeneration",0),D(this,"uploadedConstantGeneration",new Map),D(this,"renderOffset",0),D(this,"renderCount",-1),D(this,"debugStats",{drawCalls:0,verticesDrawn:0,bufferUploadBytes:0}),D(this,"shadersLogged",!1),D(this,"pickProgram",null);var r=this.getDefinition();if(this.VERTICES=r.VERTICES,this.VERTEX_SHADER_SOURCE=r.VERTEX_SHADER_SOURCE,this.FRAGMENT_SHADER_SOURCE=r.FRAGMENT_SHADER_SOURCE,this.UNIFORMS=r.UNIFORMS,this.ATTRIBUTES=r.ATTRIBUTES,this.METHOD=r.METHOD,this.CONSTANT_ATTRIBUTES="CONSTANT_ATTRIBUTES"in r?r.CONSTANT_ATTRIBUTES:[],this.CONSTANT_DATA="CONSTANT_DATA"in r?r.CONSTANT_DATA:[],this.isInstanced="CONSTANT_ATTRIBUTES"in r,this.ATTRIBUTES_ITEMS_COUNT=Tr(this.ATTRIBUTES),this.STRIDE=this.VERTICES*this.ATTRIBUTES_ITEMS_COUNT,this.renderer=t,this.normalProgram=this.getProgramInfo("normal",a,r.VERTEX_SHADER_SOURCE,r.FRAGMENT_SHADER_SOURCE,null),this.pickProgram=this.getProgramInfo("pick",a,wa(r.VERTEX_SHADER_SOURCE),wa(r.FRAGMENT_SHADER_SOURCE),null),this.isInstanced){var i=Tr(this.CONSTANT_ATTRIBUTES);if(this.CONSTANT_DATA.length!==this.VERTICES)throw new Error("Program: error while getting constant data (expected ".concat(this.VERTICES," items, received ").concat(this.CONSTANT_DATA.length," instead)"));this.constantArray=new Float32Array(this.CONSTANT_DATA.length*i);for(var o=0;o<this.CONSTANT_DATA.length;o++){var s=this.CONSTANT_DATA[o];if(s.length!==i)throw new Error("Program: error while getting constant data (one vector has ".concat(s.length," items instead of ").concat(i,")"));for(var l=0;l<s.length;l++)this.constantArray[o*i+l]=s[l]}this.STRIDE=this.ATTRIBUTES_ITEMS_COUNT}}return ne(n,[{key:"kill",value:function(){fo(this.normalProgram),this.pickProgram&&fo(this.pickProgram)}},{key:"resetDebugStats",value:function(){this.debugStats.drawCalls=0,this.debugStats.verticesDrawn=0,this.debugStats.bufferUploadBytes=0}},{key:"getProgramInfo",value:function(e,t,r,i,o){var s=t.createBuffer();if(s===null)throw new Error("Program: error while creating the WebGL buffer.");var l=Sr(t,r),u=wr(t,i),d=Ar(t,[l,u]),h={};this.UNIFORMS.forEach(function(g){var m=t.getUniformLocation(d,g);m&&(h[g]=m)});var c={};this.ATTRIBUTES.forEach(function(g){c[g.name]=t.getAttribLocation(d,g.name)});var f;if(this.isInstanced&&(this.CONSTANT_ATTRIBUTES.forEach(function(g){c[g.name]=t.getAttribLocation(d,g.name)}),f=t.createBuffer(),f===null))throw new Error("Program: error while creating the WebGL constant buffer.");return{name:e,program:d,gl:t,frameBuffer:o,buffer:s,constantBuffer:f||{},uniformLocations:h,attributeLocations:c,isPicking:e==="pick",vertexShader:l,fragmentShader:u}}},{key:"bindProgram",value:function(e){var t=this,r=0,i=e.gl,o=e.buffer;if(this.isInstanced){if(i.bindBuffer(i.ARRAY_BUFFER,e.constantBuffer),r=0,this.CONSTANT_ATTRIBUTES.forEach(function(d){return r+=t.bindAttribute(d,e,r,!1)}),this.uploadedConstantGeneration.get(e.constantBuffer)!==this.constantBufferGeneration){var l;i.bufferData(i.ARRAY_BUFFER,this.constantArray,i.STATIC_DRAW),this.uploadedConstantGeneration.set(e.constantBuffer,this.constantBufferGeneration),(l=this.renderer)!==null&&l!==void 0&&l.getSetting("DEBUG_logRenderStats")&&(this.debugStats.bufferUploadBytes+=this.constantArray.byteLength)}if(i.bindBuffer(i.ARRAY_BUFFER,e.buffer),r=this.renderOffset*this.ATTRIBUTES_ITEMS_COUNT*Float32Array.BYTES_PER_ELEMENT,this.ATTRIBUTES.forEach(function(d){return r+=t.bindAttribute(d,e,r,!0)}),this.uploadedGeneration.get(o)!==this.bufferGeneration){var u;i.bufferData(i.ARRAY_BUFFER,this.floats,i.DYNAMIC_DRAW),this.uploadedGeneration.set(o,this.bufferGeneration),(u=this.renderer)!==null&&u!==void 0&&u.getSetting("DEBUG_logRenderStats")&&(this.debugStats.bufferUploadBytes+=this.floats.byteLength)}}else if(i.bindBuffer(i.ARRAY_BUFFER,o),r=0,this.ATTRIBUTES.forEach(function(d){return r+=t.bindAttribute(d,e,r)}),this.uploadedGeneration.get(o)!==this.bufferGeneration){var s;i.bufferData(i.ARRAY_BUFFER,this.floats,i.DYNAMIC_DRAW),this.uploadedGeneration.set(o,this.bufferGeneration),(s=this.renderer)!==null&&s!==void 0&&s.getSetting("DEBUG_logRenderStats")&&(this.debugStats.bufferUploadBytes+=this.floats.byteLength)}i.bindBuffer(i.ARRAY_BUFFER,null)}},{key:"unbindProgram",value:function(e){var t=this;this.isInstanced?(this.CONSTANT_ATTRIBUTES.forEach(function(r){return t.unbindAttribute(r,e,!1)}),this.ATTRIBUTES.forEach(function(r){return t.unbindAttribute(r,e,!0)})):this.ATTRIBUTES.forEach(function(r){return t.unbindAttribute(r,e)})}},{key:"bindAttribute",value:function(e,t,r,i){var o=Md[e.type];if(typeof o!="number")throw new Error('Program.bind: yet unsupported attribute type "'.concat(e.type,'"'));var s=t.attributeLocations[e.name],l=t.gl;if(s!==-1){l.enableVertexAttribArray(s);var u=this.isInstanced?(i?this.ATTRIBUTES_ITEMS_COUNT:Tr(this.CONSTANT_ATTRIBUTES))*Float32Array.BYTES_PER_ELEMENT:this.ATTRIBUTES_ITEMS_COUNT*Float32Array.BYTES_PER_ELEMENT;l.vertexAttribPointer(s,e.size,e.type,e.normalized||!1,u,r),this.isInstanced&&i&&l.vertexAttribDivisor(s,1)}return e.size*o}},{key:"unbindAttribute",value:function(e,t,r){var i=t.attributeLocations[e.name],o=t.gl;i!==-1&&(o.disableVertexAttribArray(i),this.isInstanced&&r&&o.vertexAttribDivisor(i,0))}},{key:"reallocate",value:function(e){e!==this.capacity&&(this.capacity=e,this.verticesCount=this.VERTICES*e,this.floats=new Float32Array(this.isInstanced?this.capacity*this.ATTRIBUTES_ITEMS_COUNT:this.verticesCount*this.ATTRIBUTES_ITEMS_COUNT),this.ints=new Uint32Array(this.floats.buffer),this.invalidateBuffers())}},{key:"invalidateBuffers",value:function(){this.bufferGeneration++,this.constantBufferGeneration++}},{key:"hasNothingToRender",value:function(){return this.verticesCount===0}},{key:"setTypedUniform",value:function(e,t){var r;Lr(t.gl,(r=t.uniformLocations[e.name])!==null&&r!==void 0?r:null,e)}},{key:"renderProgram",value:function(e,t){var r=t.gl,i=t.program,o=t.isPicking;o?r.disable(r.BLEND):r.enable(r.BLEND),r.useProgram(i),this.setUniforms(e,t),this.drawWebGL(this.METHOD,t)}},{key:"render",value:function(e,t,r){var i;if(!this.shadersLogged&&(i=this.renderer)!==null&&i!==void 0&&i.getSetting("DEBUG_logShaders")&&(this.shadersLogged=!0,console.log("[sigma] DEBUG_logShaders: ".concat(this.constructor.name),{normal:{vertexShaderSource:this.VERTEX_SHADER_SOURCE,fragmentShaderSource:this.FRAGMENT_SHADER_SOURCE},pick:{vertexShaderSource:wa(this.VERTEX_SHADER_SOURCE),fragmentShaderSource:wa(this.FRAGMENT_SHADER_SOURCE)}})),!this.hasNothingToRender()){this.renderOffset=t??0,this.renderCount=r??-1;var o=this.normalProgram.gl;if(o.bindFramebuffer(o.FRAMEBUFFER,null),o.viewport(0,0,e.width*e.pixelRatio,e.height*e.pixelRatio),this.bindProgram(this.normalProgram),this.renderProgram(e,this.normalProgram),this.unbindProgram(this.normalProgram),this.pickProgram&&e.pickingFrameBuffer){var s=Math.ceil(e.width*e.pixelRatio/e.downSizingRatio),l=Math.ceil(e.height*e.pixelRatio/e.downSizingRatio);o.bindFramebuffer(o.FRAMEBUFFER,e.pickingFrameBuffer),o.viewport(0,0,s,l),this.bindProgram(this.pickProgram),this.renderProgram(e,this.pickProgram),this.unbindProgram(this.pickProgram),o.bindFramebuffer(o.FRAMEBUFFER,null),o.viewport(0,0,e.width*e.pixelRatio,e.height*e.pixelRatio)}}}},{key:"drawWebGL",value:function(e,t){var r,i=t.gl,o=this.renderCount>=0?this.renderCount:this.capacity;(r=this.renderer)!==null&&r!==void 0&&r.getSetting("DEBUG_logRenderStats")&&(this.debugStats.drawCalls++,this.debugStats.verticesDrawn+=o*this.VERTICES),this.isInstanced?i.drawArraysInstanced(e,0,this.VERTICES,o):i.drawArrays(e,this.renderOffset*this.VERTICES,o*this.VERTICES)}}])}(),Tt=2,Gn=7,ko={below:0,above:1,left:2,right:3};function Od(){var n=`#version 300 es
precision highp float;

uniform mat3 u_matrix;
uniform vec2 u_resolution;
uniform float u_labelPixelSnapping;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_cameraAngle;
uniform float u_pixelRatio;
uniform float u_labelMargin;
uniform float u_zoomLabelSizeRatio;

uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;
uniform sampler2D u_nodeFrameTexture;
uniform int u_nodeFrameTextureWidth;

// Atlas size is fixed at 2048\xD72048 \u2014 matches AttachmentManager.ATLAS_SIZE.
uniform sampler2D u_atlasTexture;
const vec2 u_atlasSize = vec2(2048.0);

// Per-instance
in float a_nodeIndex;           // node-data texture index
in vec4 a_atlasRect;            // x, y, width, height in atlas pixels
in vec2 a_attachmentSize;       // attachment dimensions (CSS px)
in float a_positionMode;        // label position: 0=right 1=left 2=above 3=below 4=over
in float a_attachmentPlacement; // 0=below 1=above 2=left 3=right (relative to label)
in float a_labelWidth;          // label width (CSS px)
in float a_labelHeight;         // label height: font line box (CSS px)
in float a_textHeight;          // actual glyph height (CSS px)
in float a_labelAngle;          // label rotation angle (radians)

// Per-vertex (constant)
in vec2 a_quadCorner;           // [-1,-1], [1,-1], [-1,1], [1,1]

out vec2 v_texCoord;

`.concat(ct,`
`).concat(zt,`
`).concat(dn,`
`).concat(Co,`
`).concat(Rd,`

void main() {
  int nodeIdx = int(a_nodeIndex);

  // Node data: (x, y, size, shapeId).
  vec4 nodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx);
  vec2 nodePos = nodeData.xy;
  float nodeSize = nodeData.z;

  // Normalized edge distance from the shared frame texture (the frame-pass ran
  // the SDF search once; we just read the result).
  float edgeDist = readFrameTexel(u_nodeFrameTexture, u_nodeFrameTextureWidth, nodeIdx).r;

  // Per-node label rotation alignment: 0 = viewport, 1 = label turns with camera.
  float labelRotation = readNodeFlags(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx).g;

  vec3 nodeClip = u_matrix * vec3(nodePos, 1.0);

  // Node radius in physical pixels (matches label/background).
  float matrixScaleX = length(vec2(u_matrix[0][0], u_matrix[1][0]));
  float nodeRadiusGraphSpace = nodeSize * u_correctionRatio / u_sizeRatio * 2.0;
  float nodeRadiusPixels = nodeRadiusGraphSpace * matrixScaleX * u_resolution.x / 2.0;

  // CSS-px inputs -> physical px, scaled by the zoom-dependent label ratio, so
  // the attachment stays glued to the label box exactly as the label scales.
  float zoomScale = u_zoomLabelSizeRatio;
  vec2 labelHalf = vec2(a_labelWidth, a_labelHeight) * 0.5 * zoomScale * u_pixelRatio;
  vec2 attachHalf = a_attachmentSize * 0.5 * zoomScale * u_pixelRatio;
  float gap = `).concat(Tt.toFixed(1),` * zoomScale * u_pixelRatio;
  float labelMargin = u_labelMargin * zoomScale * u_pixelRatio;

  // Graph-aligned labels add the camera angle so the attachment orbits with the box.
  mat2 labelRotMat = rotate2D(a_labelAngle - labelRotation * u_cameraAngle);

  // Label box center relative to the node center (pre-rotation). The shape-aware
  // edge distance comes from the frame texture, so placement matches the label.
  vec2 boxCenter = vec2(0.0);
  if (a_positionMode < 4.0) {
    float labelStart = nodeRadiusPixels * edgeDist + labelMargin;
    float textHalf = a_textHeight * 0.5 * zoomScale * u_pixelRatio;
    boxCenter = labelBoxCenter(a_positionMode, labelStart, labelHalf, textHalf);
  }

  // Horizontal anchor of below/above attachments tracks the label position, so
  // the attachment hangs from the label edge nearest the node (or is centered
  // when the label itself is node-centered): right->left, left->right, else center.
  float anchorX = 0.0;
  if (a_positionMode < 0.5) anchorX = -labelHalf.x + attachHalf.x;       // right label
  else if (a_positionMode < 1.5) anchorX = labelHalf.x - attachHalf.x;   // left label

  // Attachment center relative to the box (pre-rotation, Y-down). This offset
  // depends only on the box, the gap and the attachment size \u2014 never the shape.
  vec2 attachCenter;
  if (a_attachmentPlacement < 0.5) {
    // below
    attachCenter = boxCenter + vec2(anchorX, labelHalf.y + gap + attachHalf.y);
  } else if (a_attachmentPlacement < 1.5) {
    // above
    attachCenter = boxCenter + vec2(anchorX, -(labelHalf.y + gap + attachHalf.y));
  } else if (a_attachmentPlacement < 2.5) {
    // left, top-aligned
    attachCenter = boxCenter + vec2(-(labelHalf.x + gap + attachHalf.x), -labelHalf.y + attachHalf.y);
  } else {
    // right, top-aligned
    attachCenter = boxCenter + vec2(labelHalf.x + gap + attachHalf.x, -labelHalf.y + attachHalf.y);
  }

  // Rotate the whole assembly by the label angle, around the node center.
  vec2 rotatedCenter = labelRotMat * attachCenter;
  vec2 cornerOffset = labelRotMat * (a_quadCorner * attachHalf);

  // Node center in screen px (Y-down).
  vec2 nodeScreen = vec2(
    (nodeClip.x + 1.0) * u_resolution.x,
    (1.0 - nodeClip.y) * u_resolution.y
  ) * 0.5;

  // Snap node center to the pixel grid so label/backdrop/attachment move as one.
  vec2 snapDelta = (round(nodeScreen) - nodeScreen) * u_labelPixelSnapping;

  // Snap the quad's top-left to integer pixels so atlas texels map 1:1.
  vec2 centerScreen = nodeScreen + rotatedCenter + snapDelta;
  vec2 topLeft = centerScreen - attachHalf;
  topLeft = mix(topLeft, round(topLeft), u_labelPixelSnapping);
  centerScreen = topLeft + attachHalf;

  vec2 vertexScreen = centerScreen + cornerOffset;
  gl_Position = vec4(
    vertexScreen.x * 2.0 / u_resolution.x - 1.0,
    1.0 - vertexScreen.y * 2.0 / u_resolution.y,
    0.0, 1.0
  );

  vec2 texOrigin = a_atlasRect.xy / u_atlasSize;
  vec2 texSize = a_atlasRect.zw / u_atlasSize;
  vec2 uv = (a_quadCorner + 1.0) / 2.0;
  v_texCoord = texOrigin + uv * texSize;
}
`);return n}var Ud=`#version 300 es
precision highp float;

uniform sampler2D u_atlasTexture;

in vec2 v_texCoord;

layout(location = 0) out vec4 fragColor;
#ifdef PICKING_MODE
layout(location = 1) out vec4 pickColor;
#endif

void main() {
  // Canvas textures are premultiplied; output directly for (ONE, 1-SRC_ALPHA) blending
  vec4 color = texture(u_atlasTexture, v_texCoord);
  if (color.a < 0.01) discard;
  fragColor = color;
#ifdef PICKING_MODE
  pickColor = vec4(0.0); // Attachments are not pickable
#endif
}
`;function Bd(n,a,e,t){var r,i,o=t.label,s=o===void 0?{}:o,l=(r=s.margin)!==null&&r!==void 0?r:un,u=(i=s.zoomToLabelSizeRatioFunction)!==null&&i!==void 0?i:function(){return 1},d=Od(),h=Ud,c=function(f){function g(){var m;te(this,g);for(var v=arguments.length,p=new Array(v),y=0;y<v;y++)p[y]=arguments[y];return m=ge(this,g,[].concat(p)),D(m,"totalCount",0),D(m,"bufferCapacity",0),m}return pe(g,f),ne(g,[{key:"getDefinition",value:function(){var v=WebGL2RenderingContext,p=v.FLOAT,y=v.TRIANGLE_STRIP;return{VERTICES:4,VERTEX_SHADER_SOURCE:d,FRAGMENT_SHADER_SOURCE:h,METHOD:y,UNIFORMS:["u_matrix","u_resolution","u_labelPixelSnapping","u_sizeRatio","u_correctionRatio","u_cameraAngle","u_pixelRatio","u_labelMargin","u_zoomLabelSizeRatio","u_nodeDataTexture","u_nodeDataTextureWidth","u_nodeFrameTexture","u_nodeFrameTextureWidth","u_atlasTexture"],ATTRIBUTES:[{name:"a_nodeIndex",size:1,type:p},{name:"a_atlasRect",size:4,type:p},{name:"a_attachmentSize",size:2,type:p},{name:"a_positionMode",size:1,type:p},{name:"a_attachmentPlacement",size:1,type:p},{name:"a_labelWidth",size:1,type:p},{name:"a_labelHeight",size:1,type:p},{name:"a_textHeight",size:1,type:p},{name:"a_labelAngle",size:1,type:p}],CONSTANT_ATTRIBUTES:[{name:"a_quadCorner",size:2,type:p}],CONSTANT_DATA:[[-1,-1],[1,-1],[-1,1],[1,1]]}}},{key:"processAttachment",value:function(v,p){var y=this.floats,b=v*this.STRIDE;y[b++]=p.nodeIndex,y[b++]=p.atlasX,y[b++]=p.atlasY,y[b++]=p.atlasW,y[b++]=p.atlasH,y[b++]=p.attachWidth,y[b++]=p.attachHeight,y[b++]=p.positionMode,y[b++]=p.attachmentPlacement,y[b++]=p.labelWidth,y[b++]=p.labelHeight,y[b++]=p.textHeight,y[b++]=p.labelAngle}},{key:"setUniforms",value:function(v,p){var y=p.gl,b=p.uniformLocations;y.uniformMatrix3fv(b.u_matrix,!1,v.matrix),y.uniform2f(b.u_resolution,v.width*v.pixelRatio,v.height*v.pixelRatio),y.uniform1f(b.u_labelPixelSnapping,v.labelPixelSnapping),y.uniform1f(b.u_sizeRatio,v.sizeRatio),y.uniform1f(b.u_correctionRatio,v.correctionRatio),y.uniform1f(b.u_cameraAngle,v.cameraAngle),y.uniform1f(b.u_pixelRatio,v.pixelRatio),y.uniform1f(b.u_labelMargin,g.labelMargin),y.uniform1f(b.u_zoomLabelSizeRatio,1/u(v.zoomRatio)),y.uniform1i(b.u_nodeDataTexture,v.nodeDataTextureUnit),y.uniform1i(b.u_nodeDataTextureWidth,v.nodeDataTextureWidth),y.uniform1i(b.u_nodeFrameTexture,v.nodeFrameTextureUnit),y.uniform1i(b.u_nodeFrameTextureWidth,v.nodeFrameTextureWidth),y.uniform1i(b.u_atlasTexture,Gn)}},{key:"reallocateAttachments",value:function(v){this.totalCount=v,v>this.bufferCapacity&&(this.bufferCapacity=Math.max(v,Math.ceil(this.bufferCapacity*1.5)||10),Ee(g,"reallocate",this,3)([this.bufferCapacity]))}},{key:"hasNothingToRender",value:function(){return this.totalCount===0}},{key:"drawWebGL",value:function(v,p){var y=p.gl;this.totalCount!==0&&y.drawArraysInstanced(v,0,this.VERTICES,this.totalCount)}}])}(Nt);return D(c,"labelMargin",l),new c(n,a,e)}var xt=5;function Ga(n,a){return[].concat(Z(a),Z(n.map(function(e){var t;return{attributes:(t=e.attributes)!==null&&t!==void 0?t:[]}})))}function hn(n,a){var e=$e(Ga(n,a)),t=new Set(n.flatMap(function(u){var d;return(d=u.attributes)!==null&&d!==void 0?d:[]}).map(function(u){return u.name.replace(/^a_/,"")})),r={},i={},o=U(t),s;try{for(o.s();!(s=o.n()).done;){var l=s.value;r[l]=e.offsets[l],i[l]=e.specs[l]}}catch(u){o.e(u)}finally{o.f()}return H(H({},e),{},{offsets:r,specs:i})}function Hd(n,a){var e=new Set(["u_matrix","u_sizeRatio","u_correctionRatio","u_cameraAngle","u_pickingPadding","u_nodeDataTexture","u_layerAttributeTexture"]),t=new Set,r=n.flatMap(function(f){return f.uniforms}).filter(function(f){return e.has(f.name)||t.has(f.name)?!1:(t.add(f.name),!0)}).map(function(f){return"uniform ".concat(f.type," ").concat(f.name,";")}).join(`
`),i=a.flatMap(function(f){return f.uniforms}).filter(function(f){return e.has(f.name)||t.has(f.name)?!1:(t.add(f.name),!0)}).map(function(f){return"uniform ".concat(f.type," ").concat(f.name,";")}).join(`
`),o=Ga(n,a),s=new Set,l=o.flatMap(function(f){return f.attributes}).filter(function(f){var g=f.name.replace(/^a_/,"");return s.has(g)?!1:(s.add(g),!0)}).map(function(f){var g=f.name.replace(/^a_/,""),m=f.size===1?"float":"vec".concat(f.size);return"out ".concat(m," v_").concat(g,";")}).join(`
`),u=sn($e(o),{varPrefix:"layer",baseTexelExpr:"nodeIdx * u_layerAttributeTexelsPerNode",textureWidthUniform:"u_layerAttributeTextureWidth",textureSamplerUniform:"u_layerAttributeTexture"}),d=u.fetchCode,h=u.varyingAssignments,c=`#version 300 es

// Standard node attributes (per instance) - minimal buffer usage
in float a_nodeIndex;  // Index into node data texture AND layer attribute texture
in vec4 a_id;          // Node ID for picking
in float a_opacity;    // Node opacity, applied once to the final fragment

// Constant attributes (per vertex, same for all instances)
in vec2 a_quadCorner;  // (-1,-1), (1,-1), (1,1), (-1,1) for quad corners

// Standard uniforms
uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_cameraAngle;
#ifdef PICKING_MODE
uniform float u_pickingPadding;
#endif
uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;

// Layer attribute texture uniforms
uniform sampler2D u_layerAttributeTexture;
uniform int u_layerAttributeTextureWidth;
uniform int u_layerAttributeTexelsPerNode;

`.concat(r,`
`).concat(i,`

// Standard varyings
out vec2 v_uv;                    // Normalized coordinates [-1, 1]
out vec4 v_id;
out float v_opacity;
out float v_antialiasingWidth;    // Width for antialiasing in UV space
out float v_pixelSize;            // Node size in pixels (for pixel-mode borders)
out float v_pixelToUV;            // Conversion factor: multiply by this to convert screen pixels to UV units
out float v_shapeId;              // Shape ID for multi-shape programs

// Layer varyings
`).concat(l,`

// Node-data fetch helpers (geometry texel + rotation-flags texel)
`).concat(ct,`
`).concat(zt,`

void main() {
  // Fetch node geometry: vec4(x, y, size, shapeId).
  int nodeIdx = int(a_nodeIndex);

  // Hidden nodes are flagged with a negative row by NodeProgram.process(). Push
  // the whole quad outside the clip volume: every vertex lands at the same
  // out-of-range position, so the primitive is fully clipped and rasterizes
  // nothing \u2014 neither to the frame buffer nor to the picking buffer.
  if (nodeIdx < 0) {
    gl_Position = vec4(2.0, 0.0, 0.0, 1.0);
    v_id = vec4(0.0);
    return;
  }

  vec4 nodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx);
  vec2 a_position = nodeData.xy;
  float a_size = nodeData.z;
  v_shapeId = nodeData.w;  // Pass shape ID to fragment shader

  // Per-node rotation alignment: 0 = viewport (screen-upright), 1 = graph.
  float nodeRotation = readNodeFlags(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx).r;

`).concat(d,`

  // Calculate the actual size in pixels
  float size = a_size * u_correctionRatio / u_sizeRatio * 2.0;

  // In PICKING_MODE, inflate the quad by nodePickingPadding pixels on each side
  #ifdef PICKING_MODE
    float paddedSize = size + u_pickingPadding * u_correctionRatio;
    vec2 offset = a_quadCorner * paddedSize;
  #else
    vec2 offset = a_quadCorner * size;
  #endif
  // Counter-rotate the quad offset so viewport-aligned nodes stay upright as the
  // camera turns. Graph-aligned nodes (nodeRotation=1) skip it and turn with the
  // camera. The angle scales by (1 - nodeRotation) so both fall out of one path.
  {
    float ca = u_cameraAngle * (1.0 - nodeRotation);
    float c = cos(ca);
    float s = sin(ca);
    offset = mat2(c, s, -s, c) * offset;
  }
  vec2 position = a_position + offset;

  gl_Position = vec4(
    (u_matrix * vec3(position, 1)).xy,
    0,
    1
  );

  // In PICKING_MODE, UV is scaled beyond [-1, 1] to match the inflated quad
  #ifdef PICKING_MODE
    v_uv = a_quadCorner * (paddedSize / size);
  #else
    v_uv = a_quadCorner;
  #endif

  // Pass ID to fragment shader
  v_id = a_id;
  v_opacity = a_opacity;

  // Pass pixel size for layers that need pixel-mode calculations
  // Multiply by 2 because 'size' is half-width (offset from center), not full diameter
  v_pixelSize = size * 2.0;

  // Conversion factor from screen pixels to UV units
  // Same derivation as v_antialiasingWidth which represents ~1 pixel in UV space
  // P pixels in UV space = P * u_correctionRatio / size
  v_pixelToUV = u_correctionRatio / size;

  // We use an antialiasing width of 1px (so v_pixelToUV)
  v_antialiasingWidth = v_pixelToUV;

  // Pass layer attributes to fragment shader (fetched from texture)
`).concat(h,`
}
`);return c}function $d(n,a,e){var t=arguments.length>3&&arguments[3]!==void 0?arguments[3]:!0,r=a.map(function(g,m){var v="layer_".concat(g.name),p=[].concat(Z(g.attributes.map(function(y){return"v_".concat(y.name.replace(/^a_/,""))})),Z(g.uniforms.map(function(y){return y.name}))).join(", ");return"  // Layer ".concat(m+1,": ").concat(g.name,`
  color = blendOver(color, `).concat(v,"(").concat(p,"));")}).join(`

`),i=new Set(["u_correctionRatio"]),o=new Set,s=n.flatMap(function(g){return g.uniforms}).filter(function(g){return i.has(g.name)||o.has(g.name)?!1:(o.add(g.name),!0)}).map(function(g){return"uniform ".concat(g.type," ").concat(g.name,";")}).join(`
`),l=a.flatMap(function(g){return g.uniforms}).filter(function(g){return i.has(g.name)||o.has(g.name)?!1:(o.add(g.name),!0)}).map(function(g){return"uniform ".concat(g.type," ").concat(g.name,";")}).join(`
`),u=new Set,d=Ga(n,a).flatMap(function(g){return g.attributes}).filter(function(g){var m=g.name.replace(/^a_/,"");return u.has(m)?!1:(u.add(m),!0)}).map(function(g){var m=g.name.replace(/^a_/,""),v=g.size===1?"float":"vec".concat(g.size);return"in ".concat(v," v_").concat(m,";")}).join(`
`),h=Dr(n),c=Dd(n,e),f=`#version 300 es
precision highp float;

// Standard varyings
in vec2 v_uv;
in vec4 v_id;
in float v_opacity;
in float v_antialiasingWidth;
in float v_pixelSize;
in float v_pixelToUV;
in float v_shapeId;  // Shape ID for multi-shape programs

// Standard uniforms (needed for some layer calculations like pixel-mode borders)
uniform float u_correctionRatio;
#ifdef PICKING_MODE
uniform float u_pickingPadding;
#endif

// Shape uniforms
`.concat(s,`

// Layer uniforms
`).concat(l,`

// Layer varyings
`).concat(d,`

// Fragment output (single target - picking handled via separate pass)
out vec4 fragColor;

// LayerContext struct - provides rendering context to all layers
struct LayerContext {
  float sdf;             // Signed distance from shape boundary (negative inside)
  vec2 uv;               // UV coordinates [-1, 1], center at (0,0)
  float shapeSize;       // Effective shape size (~diameter) in UV space (1.0 - aaWidth)
  float shapeHalfSize;   // Effective shape half size (~radius) in UV space
  float pixelSize;       // Node full size (~diameter) in screen pixels
  float aaWidth;         // Anti-aliasing width for smooth transitions
  float correctionRatio; // Scaling factor for consistent rendering across zoom levels
  float pixelToUV;       // Conversion factor: multiply screen pixels by this to get UV units
  float inradiusFactor;  // Ratio of inradius to circumradius (shape depth factor)
};

LayerContext context;  // Global instance, populated before layer calls

// Alpha "over" compositing for layer blending
vec4 blendOver(vec4 bg, vec4 fg) {
  float a = fg.a;
  return vec4(mix(bg.rgb, fg.rgb, a), bg.a + a * (1.0 - bg.a));
}

// SDF shape functions
`).concat(h,`

// Shape selector function (sets context.sdf and context.inradiusFactor)
`).concat(c,`

// Layer functions
`).concat(a.map(function(g){return g.glsl}).join(`

`),`

void main() {
  // 1. Setup LayerContext (available to all layer functions)
  context.shapeSize = 1.0 - v_antialiasingWidth;
  context.shapeHalfSize = context.shapeSize * 0.5;
  context.pixelSize = v_pixelSize;
  context.uv = v_uv;
  context.aaWidth = v_antialiasingWidth;
  context.correctionRatio = u_correctionRatio;
  context.pixelToUV = v_pixelToUV;

  // Query shape SDF based on shapeId (sets context.sdf and context.inradiusFactor)
  queryNodeSDF(int(v_shapeId), v_uv, context.shapeSize);

  // 2. Early discard for pixels fully outside the shape (with AA margin)
  // In PICKING_MODE, allow extra fragments up to the picking padding distance
  #ifdef PICKING_MODE
    if (context.sdf > u_pickingPadding * v_pixelToUV + context.aaWidth) discard;
  #else
    if (context.sdf > context.aaWidth) discard;
  #endif

  // 3. Apply layers sequentially with "over" compositing
  vec4 color = vec4(0.0);

`).concat(r,`

  #ifdef PICKING_MODE
    // Picking pass: output node ID for pixels within the picking area.
    if (context.sdf > u_pickingPadding * v_pixelToUV) discard;
    fragColor = v_id;
  #else
`).concat(t?`    // Visual pass: apply antialiasing at shape boundary, node opacity once
    // smoothstep provides smooth transition from opaque to transparent
    float alpha = smoothstep(context.aaWidth, -context.aaWidth, context.sdf) * v_opacity;`:`    // Visual pass: hard-edged (no anti-aliasing gradient) shape boundary, node opacity applied once
    float alpha = (context.sdf < 0.0 ? 1.0 : 0.0) * v_opacity;`,`
    // Mix with transparent to fade both color AND alpha together (avoids bright halo)
    fragColor = mix(vec4(0.0), color, alpha);
  #endif
}
`);return f}function jd(n,a){var e=new Set;return e.add("u_matrix"),e.add("u_sizeRatio"),e.add("u_correctionRatio"),e.add("u_cameraAngle"),e.add("u_pickingPadding"),e.add("u_nodeDataTexture"),e.add("u_nodeDataTextureWidth"),e.add("u_layerAttributeTexture"),e.add("u_layerAttributeTextureWidth"),e.add("u_layerAttributeTexelsPerNode"),n.forEach(function(t){t.uniforms.forEach(function(r){return e.add(r.name)})}),a.forEach(function(t){t.uniforms.forEach(function(r){return e.add(r.name)})}),Array.from(e)}function Vd(n){var a=WebGL2RenderingContext,e=a.UNSIGNED_BYTE,t=a.FLOAT;return[{name:"a_nodeIndex",size:1,type:t},{name:"a_id",size:4,type:e,normalized:!0},{name:"a_opacity",size:1,type:t}]}function po(n){var a=n.shapes,e=n.layers,t=n.shapeGlobalIds,r=n.antialias,i=r===void 0?!0:r;return{vertexShader:Hd(a,e),fragmentShader:$d(a,e,t,i),uniforms:jd(a,e),attributes:Vd()}}function Po(n,a,e){var t=hn(n,a),r=t.specs;return Object.keys(r).map(function(i){return"flat ".concat(e," ").concat(r[i].size===1?"float":"vec".concat(r[i].size)," v_").concat(i,";")}).join(`
`)}function qd(n){var a,e,t=n.shapes,r=n.layers,i=n.shapeGlobalIds,o=sn(hn(t,r),{varPrefix:"nodeAttr",baseTexelExpr:"nodeIdx * u_layerAttributeTexelsPerNode",textureWidthUniform:"u_layerAttributeTextureWidth",textureSamplerUniform:"u_layerAttributeTexture"}),s=t.length===1?"float inradiusFactor = ".concat(be((a=t[0].inradiusFactor)!==null&&a!==void 0?a:1),";"):"float inradiusFactor = ".concat(be((e=t[0].inradiusFactor)!==null&&e!==void 0?e:1),`;
  switch (int(shapeId)) {
`).concat(t.map(function(u,d){var h,c=i?i[d]:d;return"    case ".concat(c,": inradiusFactor = ").concat(be((h=u.inradiusFactor)!==null&&h!==void 0?h:1),"; break;")}).join(`
`),`
    default: break;
  }`),l=`#version 300 es

in float a_nodeIndex;
in float a_labelWidth;
in float a_labelHeight;
in float a_textHeight;
in float a_positionMode;
in float a_labelAngle;
in vec4 a_backdropColor;
in vec4 a_backdropShadowColor;
in float a_backdropShadowBlur;
in float a_backdropPadding;
in vec4 a_backdropBorderColor;
in vec4 a_backdropExtra; // [borderWidth, cornerRadius, labelPadding, area]
in vec2 a_labelBoxOffset;
in vec2 a_quadCorner;

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_cameraAngle;
uniform vec2 u_resolution;
uniform float u_pixelRatio;
uniform float u_labelMargin;
uniform float u_zoomLabelSizeRatio;
uniform float u_labelPixelSnapping;
uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;
uniform sampler2D u_nodeFrameTexture;
uniform int u_nodeFrameTextureWidth;
uniform sampler2D u_layerAttributeTexture;
uniform int u_layerAttributeTextureWidth;
uniform int u_layerAttributeTexelsPerNode;

out vec2 v_uv;
out vec2 v_nodeCenter;
out float v_nodeRadius;
out vec2 v_labelCenter;
out vec2 v_labelHalfSize;
out float v_aaWidth;
out float v_shapeId;
out float v_nodeRotation;
out float v_labelAngle;
out vec4 v_backdropColor;
out vec4 v_backdropShadowColor;
out float v_backdropShadowBlur;
out float v_backdropPadding;
out vec4 v_backdropBorderColor;
out float v_backdropBorderWidth;
out float v_backdropCornerRadius;
out float v_backdropArea;
`.concat(Po(t,r,"out"),`

`).concat(ct,`
`).concat(zt,`
`).concat(dn,`

void main() {
  int nodeIdx = int(a_nodeIndex);
`).concat(o.fetchCode,`
`).concat(o.varyingAssignments,`

  // Node data: (x, y, size, shapeId). shapeId (global) is forwarded to the
  // fragment shader, which keeps the shape SDF for the outline.
  vec4 nodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx);
  vec2 nodePosition = nodeData.xy;
  float nodeSize = nodeData.z;
  float shapeId = nodeData.w;

  // Per-node rotation alignment (0 = viewport, 1 = graph). nodeRotation drives
  // the fragment's shape outline; labelRotation turns the label box with camera.
  vec4 nodeFlags = readNodeFlags(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx);
  float nodeRotation = nodeFlags.r;
  float labelRotation = nodeFlags.g;
  v_nodeRotation = nodeRotation;

  `).concat(Do,`
  // CSS pixel attributes are multiplied by u_pixelRatio to match nodeRadiusPixels,
  // which is already in physical pixels (nodeRadiusNDC * u_resolution.x / 2.0).
  float padding = a_backdropPadding * u_pixelRatio;
  float shadowBlur = a_backdropShadowBlur * u_pixelRatio;
  // Unpack a_backdropExtra: [borderWidth, cornerRadius, labelPadding, area]
  float borderWidth = a_backdropExtra.x * u_pixelRatio;
  float cornerRadius = a_backdropExtra.y * u_pixelRatio;
  float labelPad = a_backdropExtra.z * u_pixelRatio;
  float backdropArea = a_backdropExtra.w;
  // Use 2x shadowBlur so the Gaussian fully decays before the quad edge
  float totalExpansion = shadowBlur * 2.0 + borderWidth;
  float enlargedRadius = nodeRadiusPixels + padding;

  // Circumscribed radius for the quad bounds. Non-circular shapes reach past
  // their inradius out to their circumradius (= enlargedRadius / inradiusFactor),
  // in any direction once rotated. The axis-aligned quad must contain that, or
  // the fill/shadow gets clipped (square corners, triangle tip, etc.).
  `).concat(s,`
  float boundRadius = enlargedRadius / inradiusFactor;

  // Apply zoom-dependent label size scaling
  float zoomScale = u_zoomLabelSizeRatio;
  float labelW = a_labelWidth * zoomScale * u_pixelRatio;
  float labelH = a_labelHeight * zoomScale * u_pixelRatio;
  float labelMargin = u_labelMargin * zoomScale * u_pixelRatio;

  // Only apply labelPad when a label is actually present
  float effectiveLabelPad = labelW > 0.0 ? labelPad : 0.0;
  vec2 labelHalfSize = vec2(labelW * 0.5 + effectiveLabelPad, labelH * 0.5 + effectiveLabelPad);
  vec2 labelOffset = vec2(0.0);

  // Effective label angle: intrinsic angle plus the camera angle when the label
  // is graph-aligned, so the box orbits the node in lockstep with the frame-pass.
  float labelAngle = a_labelAngle - labelRotation * u_cameraAngle;
  float la_c = cos(labelAngle);
  float la_s = sin(labelAngle);
  mat2 labelRotMat = mat2(la_c, -la_s, la_s, la_c);

  vec3 nodeClip = u_matrix * vec3(nodePosition, 1.0);
  vec2 snapDelta = vec2(0.0);

  if (labelW > 0.0) {
    // labelW > 0.0 means this node's label is displayed, so the frame-pass wrote
    // its edge distance this frame.
    float edgeDistPixels = nodeRadiusPixels * readFrameTexel(u_nodeFrameTexture, u_nodeFrameTextureWidth, nodeIdx).r;
    // labelMargin matches the label shader's margin (gap from node edge to text)
    float labelStart = edgeDistPixels + labelMargin;
    // Above/below center on the actual glyph height, not the font line box, so
    // the box stays aligned with the rendered text (matches labelBoxCenter()).
    float textHalf = a_textHeight * zoomScale * u_pixelRatio * 0.5;

    // Snap node center to pixel grid so label/backdrop/attachment move as a unit
    vec2 nodeScreen = vec2(
      (nodeClip.x + 1.0) * u_resolution.x,
      (1.0 - nodeClip.y) * u_resolution.y
    ) * 0.5;
    snapDelta = (round(nodeScreen) - nodeScreen) * u_labelPixelSnapping;

    if (a_positionMode < 0.5) {
      // Right: box spans from node center to text end + padding
      float boxRightEdge = labelStart + labelW + labelPad;
      labelOffset = vec2(boxRightEdge * 0.5, 0.0);
      labelHalfSize.x = boxRightEdge * 0.5;
    } else if (a_positionMode < 1.5) {
      // Left: mirror of right
      float boxLeftEdge = labelStart + labelW + labelPad;
      labelOffset = vec2(-boxLeftEdge * 0.5, 0.0);
      labelHalfSize.x = boxLeftEdge * 0.5;
    } else if (a_positionMode < 2.5) {
      // Above: text bottom at labelStart, centered horizontally
      labelOffset = vec2(0.0, -(labelStart + textHalf));
    } else if (a_positionMode < 3.5) {
      // Below: text top at labelStart, centered horizontally
      labelOffset = vec2(0.0, labelStart + textHalf);
    }
    // over (>=4): labelOffset stays (0,0) \u2014 text centered on the node.

    // The attachment-cover shift is in label space (like the attachment itself),
    // so rotate it together with the position offset \u2014 otherwise the box drifts
    // off the attachment as the label angle grows.
    labelOffset = labelRotMat * (labelOffset + a_labelBoxOffset * zoomScale * u_pixelRatio);
  }

  // For node-only mode, zero out label dimensions
  if (backdropArea > 0.5 && backdropArea < 1.5) {
    labelHalfSize = vec2(0.0);
    labelOffset = vec2(0.0);
  }

  vec2 minBound, maxBound;

  bool hasLabelBounds = labelW > 0.0 && (backdropArea > 1.5 || backdropArea < 0.5);

  if (hasLabelBounds) {
    // Union with label bounds (area=both) or label-only bounds (area=label)
    vec2 labelMin, labelMax;

    if (a_labelAngle != 0.0) {
      vec2 corner1 = labelOffset + labelRotMat * vec2(-labelHalfSize.x, -labelHalfSize.y);
      vec2 corner2 = labelOffset + labelRotMat * vec2(labelHalfSize.x, -labelHalfSize.y);
      vec2 corner3 = labelOffset + labelRotMat * vec2(labelHalfSize.x, labelHalfSize.y);
      vec2 corner4 = labelOffset + labelRotMat * vec2(-labelHalfSize.x, labelHalfSize.y);
      labelMin = min(min(corner1, corner2), min(corner3, corner4));
      labelMax = max(max(corner1, corner2), max(corner3, corner4));
    } else {
      labelMin = labelOffset - labelHalfSize;
      labelMax = labelOffset + labelHalfSize;
    }

    if (backdropArea > 1.5) {
      // Label-only: bounds from label rect only
      minBound = labelMin - totalExpansion;
      maxBound = labelMax + totalExpansion;
    } else {
      // Both: union of node + label
      minBound = min(-vec2(boundRadius), labelMin) - totalExpansion;
      maxBound = max(vec2(boundRadius), labelMax) + totalExpansion;
    }
  } else {
    // Node-only or no visible label
    float totalRadius = boundRadius + totalExpansion;
    minBound = -vec2(totalRadius);
    maxBound = vec2(totalRadius);
  }

  vec2 quadSize = maxBound - minBound;
  vec2 quadCenter = (minBound + maxBound) * 0.5;

  vec2 localPos = quadCenter + a_quadCorner * quadSize * 0.5 + snapDelta;
  vec2 ndcOffset = localPos * 2.0 / u_resolution;
  ndcOffset.y = -ndcOffset.y;

  gl_Position = vec4(nodeClip.xy + ndcOffset, 0.0, 1.0);

  v_uv = localPos;
  v_nodeCenter = vec2(0.0);
  v_nodeRadius = nodeRadiusPixels;
  v_labelCenter = labelOffset;
  v_labelHalfSize = labelHalfSize;
  v_aaWidth = 1.0;
  v_shapeId = shapeId;
  v_labelAngle = labelAngle;
  v_backdropColor = a_backdropColor;
  v_backdropShadowColor = a_backdropShadowColor;
  v_backdropShadowBlur = a_backdropShadowBlur;
  v_backdropPadding = a_backdropPadding;
  v_backdropBorderColor = a_backdropBorderColor;
  v_backdropBorderWidth = borderWidth;
  v_backdropCornerRadius = cornerRadius;
  v_backdropArea = backdropArea;
}
`);return l}function Xd(n){var a=n.shapes,e=n.layers,t=n.shapeGlobalIds,r=Dr(a),i=Fn(a).map(function(c){return"uniform ".concat(c.type," ").concat(c.name,";")}).join(`
`),o=function(f){return La(f,"nodeUV","1.0")},s;if(a.length===1)s="float nodeSdfNormalized = ".concat(o(a[0]),";");else{var l=a.map(function(c,f){var g=t?t[f]:f;return"    case ".concat(g,": nodeSdfNormalized = ").concat(o(c),"; break;")}).join(`
`),u=o(a[0]);s=`float nodeSdfNormalized;
  int shapeId = int(v_shapeId);
  switch (shapeId) {
`.concat(l,`
    default: nodeSdfNormalized = `).concat(u,`;
  }`)}var d=`float effectiveRadius = max(enlargedRadius - cornerRadius, 0.01);
  float ca = u_cameraAngle * v_nodeRotation;
  float ca_c = cos(ca);
  float ca_s = sin(ca);
  vec2 rotatedScreenUV = mat2(ca_c, -ca_s, ca_s, ca_c) * screenUV;
  vec2 nodeUV = vec2(rotatedScreenUV.x, -rotatedScreenUV.y) / effectiveRadius;`,h=`#version 300 es
precision highp float;

in vec2 v_uv;
in vec2 v_nodeCenter;
in float v_nodeRadius;
in vec2 v_labelCenter;
in vec2 v_labelHalfSize;
in float v_aaWidth;
in float v_shapeId;
in float v_nodeRotation;
in float v_labelAngle;
in vec4 v_backdropColor;
in vec4 v_backdropShadowColor;
in float v_backdropShadowBlur;
in float v_backdropPadding;
in vec4 v_backdropBorderColor;
in float v_backdropBorderWidth;
in float v_backdropCornerRadius;
in float v_backdropArea;
`.concat(Po(a,e,"in"),`

uniform float u_cameraAngle;
`).concat(i,`

layout(location = 0) out vec4 fragColor;
layout(location = 1) out vec4 fragPicking;

`).concat(r,`
`).concat(Cd,`
`).concat(Ld,`
`).concat(kd,`
`).concat(Pd,`

void main() {
  vec4 backdropColor = v_backdropColor;
  vec4 shadowColor = v_backdropShadowColor;
  float shadowBlur = v_backdropShadowBlur;
  float padding = v_backdropPadding;
  vec4 borderColor = v_backdropBorderColor;
  float borderWidth = v_backdropBorderWidth;
  float cornerRadius = v_backdropCornerRadius;

  float enlargedRadius = v_nodeRadius + padding;
  vec2 screenUV = v_uv - v_nodeCenter;
  `).concat(d,`

  // Query the correct shape SDF based on shapeId
  `).concat(s,`
  float nodeSdfPixels = nodeSdfNormalized * effectiveRadius - cornerRadius;

  // Label SDF with optional corner radius and rotation
  float labelSdfPixels;
  if (v_labelHalfSize.x > 0.0) {
    vec2 labelP = v_uv - v_labelCenter;
    labelSdfPixels = sdfRoundedRotatedBox(labelP, v_labelHalfSize, v_labelAngle, cornerRadius);
  } else {
    labelSdfPixels = 10000.0;
  }

  // Select area: 0=both, 1=node, 2=label
  float combinedSdf;
  if (v_backdropArea > 1.5) {
    combinedSdf = labelSdfPixels;
  } else if (v_backdropArea > 0.5) {
    combinedSdf = nodeSdfPixels;
  } else {
    combinedSdf = min(nodeSdfPixels, labelSdfPixels);
  }

  // Fill + border composite
  float outerEdge = smoothstep(v_aaWidth, -v_aaWidth, combinedSdf);
  vec4 background;
  if (borderWidth > 0.5) {
    float innerEdge = smoothstep(v_aaWidth, -v_aaWidth, combinedSdf + borderWidth);
    float fillAlpha = innerEdge * backdropColor.a;
    vec4 fill = vec4(backdropColor.rgb * fillAlpha, fillAlpha);
    float borderAlpha = (outerEdge - innerEdge) * borderColor.a;
    vec4 border = vec4(borderColor.rgb * borderAlpha, borderAlpha);
    background = fill + border * (1.0 - fill.a);
  } else {
    float fillAlpha = outerEdge * backdropColor.a;
    background = vec4(backdropColor.rgb * fillAlpha, fillAlpha);
  }

  // Gaussian-like shadow falloff (mimics canvas shadowBlur)
  vec4 shadow = vec4(0.0);
  float sigma = shadowBlur / 2.5;
  if (sigma > 0.001) {
    float shadowDist = max(0.0, combinedSdf);
    float shadowAlpha = exp(-(shadowDist * shadowDist) / (2.0 * sigma * sigma)) * shadowColor.a;
    shadow = vec4(shadowColor.rgb * shadowAlpha, shadowAlpha);
  }

  fragColor = background + shadow * (1.0 - background.a);
  fragPicking = vec4(0.0);
}
`);return h}function Yd(n){var a=["u_matrix","u_sizeRatio","u_correctionRatio","u_cameraAngle","u_resolution","u_pixelRatio","u_labelMargin","u_zoomLabelSizeRatio","u_labelPixelSnapping","u_nodeDataTexture","u_nodeDataTextureWidth","u_nodeFrameTexture","u_nodeFrameTextureWidth","u_layerAttributeTexture","u_layerAttributeTextureWidth","u_layerAttributeTexelsPerNode"],e=U(Fn(n)),t;try{for(e.s();!(t=e.n()).done;){var r=t.value;a.includes(r.name)||a.push(r.name)}}catch(i){e.e(i)}finally{e.f()}return a}function Kd(n){return{vertexShader:qd(n),fragmentShader:Xd(n),uniforms:Yd(n.shapes)}}function Zd(n,a,e,t){var r,i,o=t.label,s=o===void 0?{}:o,l=t.shapes,u=t.layers,d=t.getAttributeTexture,h=t.shapeGlobalIds;if(l.length===0)throw new Error("createBackdropProgram: at least one shape must be provided in 'shapes'");var c=(r=s.margin)!==null&&r!==void 0?r:5,f=(i=s.zoomToLabelSizeRatioFunction)!==null&&i!==void 0?i:function(){return 1},g={shapes:l,layers:u,shapeGlobalIds:h},m=Kd(g),v=function(p){function y(){var b;te(this,y);for(var _=arguments.length,x=new Array(_),E=0;E<_;E++)x[E]=arguments[E];return b=ge(this,y,[].concat(x)),D(b,"totalBackdropCount",0),D(b,"bufferCapacity",0),b}return pe(y,p),ne(y,[{key:"getDefinition",value:function(){var _=WebGL2RenderingContext,x=_.FLOAT,E=_.TRIANGLE_STRIP;return{VERTICES:4,VERTEX_SHADER_SOURCE:m.vertexShader,FRAGMENT_SHADER_SOURCE:m.fragmentShader,METHOD:E,UNIFORMS:m.uniforms,ATTRIBUTES:[{name:"a_nodeIndex",size:1,type:x},{name:"a_labelWidth",size:1,type:x},{name:"a_labelHeight",size:1,type:x},{name:"a_textHeight",size:1,type:x},{name:"a_positionMode",size:1,type:x},{name:"a_labelAngle",size:1,type:x},{name:"a_backdropColor",size:4,type:x},{name:"a_backdropShadowColor",size:4,type:x},{name:"a_backdropShadowBlur",size:1,type:x},{name:"a_backdropPadding",size:1,type:x},{name:"a_backdropBorderColor",size:4,type:x},{name:"a_backdropExtra",size:4,type:x},{name:"a_labelBoxOffset",size:2,type:x}],CONSTANT_ATTRIBUTES:[{name:"a_quadCorner",size:2,type:x}],CONSTANT_DATA:[[-1,-1],[1,-1],[-1,1],[1,1]]}}},{key:"processBackdrop",value:function(_,x){var E=this.floats,w=this.STRIDE,A=_*w;E[A++]=x.nodeIndex,E[A++]=x.labelWidth,E[A++]=x.labelHeight,E[A++]=x.textHeight,E[A++]=ln[x.position],E[A++]=x.labelAngle,E[A++]=x.backdropColor[0],E[A++]=x.backdropColor[1],E[A++]=x.backdropColor[2],E[A++]=x.backdropColor[3],E[A++]=x.backdropShadowColor[0],E[A++]=x.backdropShadowColor[1],E[A++]=x.backdropShadowColor[2],E[A++]=x.backdropShadowColor[3],E[A++]=x.backdropShadowBlur,E[A++]=x.backdropPadding,E[A++]=x.backdropBorderColor[0],E[A++]=x.backdropBorderColor[1],E[A++]=x.backdropBorderColor[2],E[A++]=x.backdropBorderColor[3],E[A++]=x.backdropBorderWidth,E[A++]=x.backdropCornerRadius,E[A++]=x.backdropLabelPadding,E[A++]=x.backdropArea,E[A++]=x.labelBoxOffset[0],E[A++]=x.labelBoxOffset[1]}},{key:"setUniforms",value:function(_,x){var E=x.gl,w=x.uniformLocations;E.uniformMatrix3fv(w.u_matrix,!1,_.matrix),E.uniform1f(w.u_sizeRatio,_.sizeRatio),E.uniform1f(w.u_correctionRatio,_.correctionRatio),E.uniform1f(w.u_cameraAngle,_.cameraAngle),E.uniform2f(w.u_resolution,_.width*_.pixelRatio,_.height*_.pixelRatio),E.uniform1f(w.u_pixelRatio,_.pixelRatio),E.uniform1f(w.u_labelMargin,y.labelMargin),E.uniform1f(w.u_zoomLabelSizeRatio,1/f(_.zoomRatio)),E.uniform1f(w.u_labelPixelSnapping,_.labelPixelSnapping),E.uniform1i(w.u_nodeDataTexture,_.nodeDataTextureUnit),E.uniform1i(w.u_nodeDataTextureWidth,_.nodeDataTextureWidth),E.uniform1i(w.u_nodeFrameTexture,_.nodeFrameTextureUnit),E.uniform1i(w.u_nodeFrameTextureWidth,_.nodeFrameTextureWidth);var A=d();w.u_layerAttributeTexture&&A&&(A.bind(xt),E.uniform1i(w.u_layerAttributeTexture,xt),E.uniform1i(w.u_layerAttributeTextureWidth,A.getTextureWidth()),E.uniform1i(w.u_layerAttributeTexelsPerNode,A.getTexelsPerItem()));var S=U(Fn(l)),C;try{for(S.s();!(C=S.n()).done;){var G=C.value;this.setTypedUniform(G,x)}}catch(L){S.e(L)}finally{S.f()}}},{key:"hasNothingToRender",value:function(){return this.totalBackdropCount===0}},{key:"drawWebGL",value:function(_,x){var E=x.gl;this.totalBackdropCount!==0&&(this.isInstanced?E.drawArraysInstanced(_,0,this.VERTICES,this.totalBackdropCount):E.drawArrays(_,0,this.totalBackdropCount*this.VERTICES))}},{key:"reallocate",value:function(_){this.totalBackdropCount=_,_>this.bufferCapacity&&(this.bufferCapacity=Math.max(_,Math.ceil(this.bufferCapacity*1.5)||10),Ee(y,"reallocate",this,3)([this.bufferCapacity]))}}])}(Nt);return D(v,"labelMargin",c),new v(n,a,e)}var Io=function(n){function a(){var e;te(this,a);for(var t=arguments.length,r=new Array(t),i=0;i<t;i++)r[i]=arguments[i];return e=ge(this,a,[].concat(r)),D(e,"totalCharacterCount",0),D(e,"bufferCapacity",0),e}return pe(a,n),ne(a,[{key:"processLabel",value:function(t,r,i){if(i.hidden||!i.text)return 0;for(var o=i.text,s=o.length,l=0;l<s;l++){var u=o[l];this.processCharacter(r+l,i,u,l)}return s}},{key:"hasNothingToRender",value:function(){return this.totalCharacterCount===0}},{key:"drawWebGL",value:function(t,r){var i=r.gl;this.totalCharacterCount!==0&&(this.isInstanced?i.drawArraysInstanced(t,0,this.VERTICES,this.totalCharacterCount):i.drawArrays(t,0,this.totalCharacterCount*this.VERTICES))}},{key:"reallocate",value:function(t){this.totalCharacterCount=t,t>this.bufferCapacity&&(this.bufferCapacity=Math.max(t,Math.ceil(this.bufferCapacity*1.5)||1e3),Ee(a,"reallocate",this,3)([this.bufferCapacity]))}}])}(Nt);function Qd(){var n=`#version 300 es

in float a_nodeIndex;
in vec4 a_id;
in vec4 a_color;
in float a_labelWidth;
in float a_labelHeight;
in float a_textHeight;
in float a_positionMode;
in float a_labelAngle;
in float a_padding;
in vec2 a_quadCorner;

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_cameraAngle;
uniform vec2 u_resolution;
uniform float u_pixelRatio;
uniform float u_labelMargin;
uniform float u_zoomLabelSizeRatio;
uniform float u_labelPixelSnapping;
uniform float u_pickingPadding;
uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;
uniform sampler2D u_nodeFrameTexture;
uniform int u_nodeFrameTextureWidth;

out vec4 v_id;
out vec4 v_color;

`.concat(ct,`
`).concat(zt,`
`).concat(dn,`
`).concat(Co,`

void main() {
  int nodeIdx = int(a_nodeIndex);

  // Node data: (x, y, size, shapeId).
  vec4 nodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx);
  vec2 nodePosition = nodeData.xy;
  float nodeSize = nodeData.z;

  // Shape-aware edge distance, read once from the shared frame texture.
  float edgeDist = readFrameTexel(u_nodeFrameTexture, u_nodeFrameTextureWidth, nodeIdx).r;

  // Per-node label rotation alignment: 0 = viewport, 1 = label turns with camera.
  float labelRotation = readNodeFlags(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx).g;

  `).concat(Do,`

  float zoomScale = u_zoomLabelSizeRatio;
  float labelW = a_labelWidth * zoomScale * u_pixelRatio;
  float labelH = a_labelHeight * zoomScale * u_pixelRatio;
  float labelMargin = u_labelMargin * zoomScale * u_pixelRatio;
#ifdef PICKING_MODE
  float padding = u_pickingPadding * u_pixelRatio;
#else
  float padding = a_padding * u_pixelRatio;
#endif

  if (labelW <= 0.0) {
    gl_Position = vec4(2.0, 0.0, 0.0, 1.0);
    v_id = vec4(0.0);
    v_color = vec4(0.0);
    return;
  }

  vec2 labelHalfSize = vec2(labelW * 0.5 + padding, labelH * 0.5 + padding);
  vec2 labelOffset = vec2(0.0);

  // Graph-aligned labels add the camera angle so the rect orbits with the text.
  float labelAngle = a_labelAngle - labelRotation * u_cameraAngle;
  float la_c = cos(labelAngle);
  float la_s = sin(labelAngle);
  mat2 labelRotMat = mat2(la_c, -la_s, la_s, la_c);

  vec3 nodeClip = u_matrix * vec3(nodePosition, 1.0);
  vec2 nodeScreen = vec2(
    (nodeClip.x + 1.0) * u_resolution.x,
    (1.0 - nodeClip.y) * u_resolution.y
  ) * 0.5;
  vec2 snapDelta = (round(nodeScreen) - nodeScreen) * u_labelPixelSnapping;

  if (a_positionMode < 4.0) {
    float labelStart = nodeRadiusPixels * edgeDist + labelMargin;
    float textHalf = a_textHeight * zoomScale * u_pixelRatio * 0.5;
    // Box center uses the text half-size; the padding expands the quad below.
    labelOffset = labelRotMat * labelBoxCenter(a_positionMode, labelStart, vec2(labelW * 0.5, labelH * 0.5), textHalf);
  }

  // Rotate the rect with the label so it stays aligned with the (rotated) text.
  vec2 localPos = labelOffset + labelRotMat * (a_quadCorner * labelHalfSize);
  vec2 ndcOffset = (localPos + snapDelta) * 2.0 / u_resolution;
  ndcOffset.y = -ndcOffset.y;

  gl_Position = vec4(nodeClip.xy + ndcOffset, 0.0, 1.0);
  v_id = a_id;
  v_color = a_color;
}
`);return n}var Jd=`#version 300 es
precision highp float;

in vec4 v_id;
in vec4 v_color;

out vec4 fragColor;

void main() {
  #ifdef PICKING_MODE
    fragColor = v_id;
  #else
    if (v_color.a <= 0.0) discard;
    // v_color is non-premultiplied RGBA (0-1); convert to premultiplied for blending
    fragColor = vec4(v_color.rgb * v_color.a, v_color.a);
  #endif
}
`;function eh(n,a,e,t){var r,i,o=t.label,s=o===void 0?{}:o,l=(r=s.margin)!==null&&r!==void 0?r:un,u=(i=s.zoomToLabelSizeRatioFunction)!==null&&i!==void 0?i:function(){return 1},d=Qd(),h=function(c){function f(){var g;te(this,f);for(var m=arguments.length,v=new Array(m),p=0;p<m;p++)v[p]=arguments[p];return g=ge(this,f,[].concat(v)),D(g,"totalCount",0),D(g,"bufferCapacity",0),g}return pe(f,c),ne(f,[{key:"getDefinition",value:function(){var m=WebGL2RenderingContext,v=m.FLOAT,p=m.UNSIGNED_BYTE,y=m.TRIANGLE_STRIP;return{VERTICES:4,VERTEX_SHADER_SOURCE:d,FRAGMENT_SHADER_SOURCE:Jd,METHOD:y,UNIFORMS:["u_matrix","u_sizeRatio","u_correctionRatio","u_cameraAngle","u_resolution","u_pixelRatio","u_labelMargin","u_zoomLabelSizeRatio","u_labelPixelSnapping","u_pickingPadding","u_nodeDataTexture","u_nodeDataTextureWidth","u_nodeFrameTexture","u_nodeFrameTextureWidth"],ATTRIBUTES:[{name:"a_nodeIndex",size:1,type:v},{name:"a_id",size:4,type:p,normalized:!0},{name:"a_color",size:4,type:p,normalized:!0},{name:"a_labelWidth",size:1,type:v},{name:"a_labelHeight",size:1,type:v},{name:"a_textHeight",size:1,type:v},{name:"a_positionMode",size:1,type:v},{name:"a_labelAngle",size:1,type:v},{name:"a_padding",size:1,type:v}],CONSTANT_ATTRIBUTES:[{name:"a_quadCorner",size:2,type:v}],CONSTANT_DATA:[[-1,-1],[1,-1],[-1,1],[1,1]]}}},{key:"processLabelBackground",value:function(m,v){var p=this.floats,y=this.ints,b=m*this.STRIDE;p[b++]=v.nodeIndex,y[b++]=v.id,p[b++]=v.color,p[b++]=v.labelWidth,p[b++]=v.labelHeight,p[b++]=v.textHeight,p[b++]=v.positionMode,p[b++]=v.labelAngle,p[b++]=v.padding}},{key:"setUniforms",value:function(m,v){var p=v.gl,y=v.uniformLocations;p.uniformMatrix3fv(y.u_matrix,!1,m.matrix),p.uniform1f(y.u_sizeRatio,m.sizeRatio),p.uniform1f(y.u_correctionRatio,m.correctionRatio),p.uniform1f(y.u_cameraAngle,m.cameraAngle),p.uniform2f(y.u_resolution,m.width*m.pixelRatio,m.height*m.pixelRatio),p.uniform1f(y.u_pixelRatio,m.pixelRatio),p.uniform1f(y.u_labelMargin,f.labelMargin),p.uniform1f(y.u_zoomLabelSizeRatio,1/u(m.zoomRatio)),p.uniform1f(y.u_labelPixelSnapping,m.labelPixelSnapping),p.uniform1f(y.u_pickingPadding,m.labelPickingPadding),p.uniform1i(y.u_nodeDataTexture,m.nodeDataTextureUnit),p.uniform1i(y.u_nodeDataTextureWidth,m.nodeDataTextureWidth),p.uniform1i(y.u_nodeFrameTexture,m.nodeFrameTextureUnit),p.uniform1i(y.u_nodeFrameTextureWidth,m.nodeFrameTextureWidth)}},{key:"hasNothingToRender",value:function(){return this.totalCount===0}},{key:"drawWebGL",value:function(m,v){var p=v.gl;this.totalCount!==0&&p.drawArraysInstanced(p.TRIANGLE_STRIP,0,this.VERTICES,this.totalCount)}},{key:"reallocate",value:function(m){this.totalCount=m,m>this.bufferCapacity&&(this.bufferCapacity=Math.max(m,Math.ceil(this.bufferCapacity*1.5)||10),Ee(f,"reallocate",this,3)([this.bufferCapacity]))}}])}(Nt);return D(h,"labelMargin",l),new h(n,a,e)}var et={fontSize:64,buffer:8,radius:24,cutoff:.25,maxTextureSize:2048,debounceTimeout:100},Cn=2,kn=1e20;function th(n,a,e,t,r){var i=n+r*4,o=document.createElement("canvas");o.width=i,o.height=i;var s=o.getContext("2d",{willReadFrequently:!0});return s.font="".concat(t," ").concat(e," ").concat(n,"px ").concat(a),s.textBaseline="alphabetic",s.textAlign="left",s.fillStyle="black",{ctx:s,canvasSize:i,gridOuter:new Float64Array(i*i),gridInner:new Float64Array(i*i),f:new Float64Array(i),z:new Float64Array(i+1),v:new Uint16Array(i)}}function nh(n,a,e,t,r){var i=n.ctx,o=n.canvasSize,s=i.measureText(a),l=s.width,u=s.actualBoundingBoxAscent,d=s.actualBoundingBoxDescent,h=s.actualBoundingBoxLeft,c=s.actualBoundingBoxRight,f=Math.ceil(u),g=Math.ceil(h),m=Math.max(0,Math.min(o-e,Math.ceil(h)+Math.ceil(c))),v=Math.min(o-e,f+Math.ceil(d)),p=m+2*e,y=v+2*e,b=Math.max(p*y,0),_=new Uint8ClampedArray(b),x={data:_,width:p,height:y,glyphWidth:m,glyphHeight:v,glyphTop:f,glyphLeft:g,glyphAdvance:l};if(m===0||v===0)return x;var E=n.gridInner,w=n.gridOuter;i.clearRect(e,e,m,v),i.fillText(a,e+g,e+f);var A=i.getImageData(e,e,m,v);w.fill(kn,0,b),E.fill(0,0,b);for(var S=0;S<v;S++)for(var C=0;C<m;C++){var G=A.data[4*(S*m+C)+3]/255;if(G!==0){var L=(S+e)*p+C+e;if(G===1)w[L]=0,E[L]=kn;else{var N=.5-G;w[L]=N>0?N*N:0,E[L]=N<0?N*N:0}}}vo(w,0,0,p,y,p,n.f,n.v,n.z),vo(E,e,e,m,v,p,n.f,n.v,n.z);for(var k=0;k<b;k++){var I=Math.sqrt(w[k])-Math.sqrt(E[k]);_[k]=Math.round(255-255*(I/t+r))}return x}function vo(n,a,e,t,r,i,o,s,l){for(var u=a;u<a+t;u++)mo(n,e*i+u,i,r,o,s,l);for(var d=e;d<e+r;d++)mo(n,d*i+a,1,t,o,s,l)}function mo(n,a,e,t,r,i,o){i[0]=0,o[0]=-kn,o[1]=kn,r[0]=n[a];for(var s=1,l=0,u=0;s<t;s++){r[s]=n[a+s*e];var d=s*s;do{var h=i[l];u=(r[s]-r[h]+d-h*h)/(s-h)/2}while(u<=o[l]&&--l>-1);l++,i[l]=s,o[l]=u,o[l+1]=kn}for(var c=0,f=0;c<t;c++){for(;o[f+1]<c;)f++;var g=i[f],m=c-g;n[a+c*e]=r[g]+m*m}}var Gt=function(n){function a(){var e,t=arguments.length>0&&arguments[0]!==void 0?arguments[0]:{};return te(this,a),e=ge(this,a),D(e,"fonts",new Map),D(e,"textures",[]),D(e,"cursor",{x:0,y:0,rowHeight:0,atlasIndex:0}),D(e,"pendingGlyphs",[]),D(e,"debounceTimer",null),e.options=H(H({},et),t),e.canvas=document.createElement("canvas"),e.canvas.width=e.options.maxTextureSize,e.canvas.height=e.options.maxTextureSize,e.ctx=e.canvas.getContext("2d",{willReadFrequently:!0}),e.measureCanvas=document.createElement("canvas"),e.measureCtx=e.measureCanvas.getContext("2d"),e.textures.push(e.ctx.getImageData(0,0,1,1)),e}return pe(a,n),ne(a,[{key:"getFontKey",value:function(t){return"".concat(t.family,"-").concat(t.weight,"-").concat(t.style)}},{key:"registerFont",value:function(t){var r=this.getFontKey(t);if(this.fonts.has(r))return r;var i=th(this.options.fontSize,t.family,t.weight,t.style,this.options.buffer);return this.fonts.set(r,{descriptor:t,generator:i,glyphs:new Map}),r}},{key:"ensureGlyphs",value:function(t,r){var i=this.fonts.get(r);if(!i)throw new Error('Font "'.concat(r,'" is not registered. Call registerFont() first.'));var o=!1,s=U(t),l;try{for(s.s();!(l=s.n()).done;){var u=l.value,d=u.codePointAt(0);d!==void 0&&(i.glyphs.has(d)||(this.pendingGlyphs.push({fontKey:r,charCode:d}),o=!0))}}catch(h){s.e(h)}finally{s.f()}o&&this.scheduleTextureGeneration()}},{key:"measureText",value:function(t,r){var i=this.fonts.get(r);if(!i)throw new Error('Font "'.concat(r,'" is not registered.'));var o=i.descriptor,s=o.family,l=o.weight,u=o.style;return this.measureCtx.font="".concat(u," ").concat(l," ").concat(this.options.fontSize,"px ").concat(s),this.measureCtx.measureText(t).width}},{key:"getGlyph",value:function(t,r){var i=this.fonts.get(r);if(i)return i.glyphs.get(t)}},{key:"getTextures",value:function(){return this.textures}},{key:"getFontCount",value:function(){return this.fonts.size}},{key:"getGlyphCount",value:function(){var t=0,r=U(this.fonts.values()),i;try{for(r.s();!(i=r.n()).done;){var o=i.value;t+=o.glyphs.size}}catch(s){r.e(s)}finally{r.f()}return t}},{key:"hasPendingGlyphs",value:function(){return this.pendingGlyphs.length>0}},{key:"flush",value:function(){this.debounceTimer&&(clearTimeout(this.debounceTimer),this.debounceTimer=null),this.generateTextures()}},{key:"destroy",value:function(){this.debounceTimer&&clearTimeout(this.debounceTimer),this.fonts.clear(),this.textures=[],this.pendingGlyphs=[],this.removeAllListeners()}},{key:"scheduleTextureGeneration",value:function(){var t=this;this.debounceTimer===null&&(this.options.debounceTimeout===null?this.generateTextures():this.debounceTimer=setTimeout(function(){t.debounceTimer=null,t.generateTextures()},this.options.debounceTimeout))}},{key:"generateTextures",value:function(){if(this.pendingGlyphs.length!==0){var t=this.options,r=t.maxTextureSize,i=t.buffer,o=t.radius,s=t.cutoff,l=U(this.pendingGlyphs),u;try{for(l.s();!(u=l.n()).done;){var d=u.value,h=d.fontKey,c=d.charCode,f=this.fonts.get(h);if(!(!f||f.glyphs.has(c))){var g=String.fromCodePoint(c),m=nh(f.generator,g,i,o,s),v=m.width,p=m.height;this.cursor.x+v+Cn>r&&(this.cursor.x=0,this.cursor.y+=this.cursor.rowHeight+Cn,this.cursor.rowHeight=0),this.cursor.y+p+Cn>r&&(this.finalizeCurrentTexture(),this.cursor={x:0,y:0,rowHeight:0,atlasIndex:this.cursor.atlasIndex+1},this.ctx.clearRect(0,0,r,r));for(var y=m.data,b=new Uint8ClampedArray(v*p*4),_=0;_<y.length;_++){var x=_*4;b[x]=255,b[x+1]=255,b[x+2]=255,b[x+3]=y[_]}var E=new ImageData(b,v,p);this.ctx.putImageData(E,this.cursor.x,this.cursor.y);var w={charCode:c,width:m.glyphWidth,height:m.glyphHeight,bearingX:-m.glyphLeft-i,bearingY:m.glyphTop+i,advance:m.glyphAdvance,atlasX:this.cursor.x,atlasY:this.cursor.y,atlasWidth:v,atlasHeight:p,atlasIndex:this.cursor.atlasIndex};f.glyphs.set(c,w),this.cursor.x+=v+Cn,this.cursor.rowHeight=Math.max(this.cursor.rowHeight,p)}}}catch(A){l.e(A)}finally{l.f()}this.finalizeCurrentTexture(),this.pendingGlyphs=[],this.emit(a.ATLAS_UPDATED_EVENT,{textures:this.textures,glyphCount:this.getGlyphCount()})}}},{key:"finalizeCurrentTexture",value:function(){var t=this.options.maxTextureSize,r=this.cursor.y>0||this.cursor.rowHeight>0,i=Math.min(t,Math.max(this.cursor.x,r?t:1)),o=Math.min(t,this.cursor.y+this.cursor.rowHeight+Cn),s=this.ctx.getImageData(0,0,i,o);this.cursor.atlasIndex>=this.textures.length?this.textures.push(s):this.textures[this.cursor.atlasIndex]=s}}])}(To.EventEmitter);D(Gt,"ATLAS_UPDATED_EVENT","atlasUpdated");var ah=et.fontSize;function rh(){var n=`  // -------------------------------------------------------------------------
  // Step 3: Calculate position offset from the shared edge distance
  // -------------------------------------------------------------------------
  vec2 positionOffset = vec2(0.0);

  if (a_positionMode < 4.0) {
    vec2 screenDir = getLabelDirection(a_positionMode);
    float boundaryDistPixels = nodeRadiusPixels * edgeDist;
    positionOffset = screenDir * (boundaryDistPixels + margin);
  }`,a=`#version 300 es

// ============================================================================
// Attributes
// ============================================================================

// Per-character (instanced)
in float a_nodeIndex;        // Index into node data texture
in vec2 a_charOffset;        // Character offset from label origin (pixels)
in vec2 a_charSize;          // Character dimensions (pixels)
in vec4 a_texCoords;         // Atlas coords: (x, y, width, height) in pixels
in vec4 a_color;             // Text color (RGBA)
in float a_margin;           // Gap between node edge and label (pixels)
in float a_positionMode;     // Position: 0=right, 1=left, 2=above, 3=below, 4=over
in float a_labelWidth;       // Total label width (pixels)
in float a_labelHeight;      // Label height (pixels)
in float a_verticalCenter;   // Vertical center offset from baseline (pixels)
in float a_textHeight;       // Actual text height: maxAscent + maxDescent (pixels)
in float a_labelAngle;       // Label rotation angle (radians)

// Per-vertex (constant quad corners)
in vec2 a_quadCorner;        // Quad corner: [-1,-1], [1,-1], [-1,1], [1,1]

// ============================================================================
// Uniforms
// ============================================================================

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_cameraAngle;
uniform vec2 u_resolution;
uniform vec2 u_atlasSize;
uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;
uniform sampler2D u_nodeFrameTexture;
uniform int u_nodeFrameTextureWidth;
uniform float u_zoomLabelSizeRatio;
uniform float u_labelPixelSnapping;
uniform float u_pixelRatio;

// ============================================================================
// Varyings
// ============================================================================

out vec2 v_texCoord;
out vec4 v_color;
out float v_fontScale;

// ============================================================================
// Constants
// ============================================================================

const float bias = 255.0 / 254.0;
const float ATLAS_FONT_SIZE = `.concat(be(ah),`;

// ============================================================================
// Helper Functions
// ============================================================================

`).concat(ct,`
`).concat(zt,`
`).concat(dn,`
`).concat(Ro,`

// ============================================================================
// Main
// ============================================================================

void main() {
  // -------------------------------------------------------------------------
  // Step 0: Fetch node data + shared edge distance from textures
  // -------------------------------------------------------------------------
  // Node-data texture format: vec4(x, y, size, shapeId)
  // 2D texture layout: texCoord = (index % width, index / width)
  int nodeIdx = int(a_nodeIndex);
  vec4 nodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx);
  vec2 a_anchorPosition = nodeData.xy;
  float a_nodeSize = nodeData.z;

  // Normalized edge distance from the shared frame texture (the frame-pass ran
  // the SDF search once; the label just reads the result).
  float edgeDist = readFrameTexel(u_nodeFrameTexture, u_nodeFrameTextureWidth, nodeIdx).r;

  // Per-node label rotation alignment: 0 = viewport, 1 = label turns with camera.
  float labelRotation = readNodeFlags(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx).g;

  // Apply zoom-dependent label size scaling
  // Positional values are in CSS pixels; multiply by u_pixelRatio to convert to
  // physical pixels, which is what the NDC conversion (/ u_resolution) expects.
  float zoomScale = u_zoomLabelSizeRatio;
  float margin = a_margin * zoomScale * u_pixelRatio;
  vec2 charOffset = a_charOffset * zoomScale * u_pixelRatio;
  vec2 charSize = a_charSize * zoomScale * u_pixelRatio;
  float labelWidth = a_labelWidth * zoomScale * u_pixelRatio;
  float labelHeight = a_labelHeight * zoomScale;

  // Font scale: ratio of CSS label size to the base atlas font size.
  // Divided by u_pixelRatio because the atlas is generated at ATLAS_FONT_SIZE * pixelRatio,
  // which cancels out the u_pixelRatio in the fragment shader's gamma formula and keeps
  // the anti-aliasing band width consistent across pixel densities.
  v_fontScale = a_labelHeight * zoomScale / (ATLAS_FONT_SIZE * u_pixelRatio);

  // -------------------------------------------------------------------------
  // Step 1: Transform node position to clip space
  // -------------------------------------------------------------------------
  vec3 anchorClip = u_matrix * vec3(a_anchorPosition, 1.0);

  // -------------------------------------------------------------------------
  // Step 2: Convert node size to screen pixels
  // -------------------------------------------------------------------------
  float matrixScaleX = length(vec2(u_matrix[0][0], u_matrix[1][0]));
  float nodeRadiusGraphSpace = a_nodeSize * u_correctionRatio / u_sizeRatio * 2.0;
  float nodeRadiusNDC = nodeRadiusGraphSpace * matrixScaleX;
  float nodeRadiusPixels = nodeRadiusNDC * u_resolution.x / 2.0;

`).concat(n,`

  // -------------------------------------------------------------------------
  // Step 4: Calculate final vertex position
  // -------------------------------------------------------------------------
  vec2 cornerOffset = (a_quadCorner + 1.0) * 0.5;
  vec2 charPixelPos = positionOffset + charOffset + cornerOffset * charSize;

  // Apply text alignment based on position mode
  float verticalCenter = a_verticalCenter * zoomScale * u_pixelRatio;
  float textHeight = a_textHeight * zoomScale * u_pixelRatio;
  float baselineToDescent = textHeight / 2.0 - verticalCenter;
  float baselineToAscent = textHeight / 2.0 + verticalCenter;

  if (a_positionMode < 0.5) {
    // Right: vertically center
    charPixelPos.y += verticalCenter;
  } else if (a_positionMode < 1.5) {
    // Left: right-align and vertically center
    charPixelPos.x -= labelWidth;
    charPixelPos.y += verticalCenter;
  } else if (a_positionMode < 2.5) {
    // Above: center horizontally, bottom of text at anchor
    charPixelPos.x -= labelWidth * 0.5;
    charPixelPos.y -= baselineToDescent;
  } else if (a_positionMode < 3.5) {
    // Below: center horizontally, top of text at anchor
    charPixelPos.x -= labelWidth * 0.5;
    charPixelPos.y += baselineToAscent;
  } else {
    // Over: center both
    charPixelPos.x -= labelWidth * 0.5;
    charPixelPos.y += verticalCenter;
  }

  // Apply label angle rotation. Graph-aligned labels add the camera angle so the
  // whole label orbits the node in lockstep with the frame-pass edge distance.
  float labelAngle = a_labelAngle - labelRotation * u_cameraAngle;
  float la_c = cos(labelAngle);
  float la_s = sin(labelAngle);
  mat2 labelRotMat = mat2(la_c, -la_s, la_s, la_c);
  charPixelPos = labelRotMat * charPixelPos;

  // Snap node center to pixel grid so label/backdrop/attachment move as a unit
  vec2 nodeScreen = vec2(
    (anchorClip.x + 1.0) * u_resolution.x,
    (1.0 - anchorClip.y) * u_resolution.y
  ) * 0.5;
  charPixelPos += (round(nodeScreen) - nodeScreen) * u_labelPixelSnapping;

  // Convert to NDC (flip Y: screen Y-down -> clip Y-up)
  vec2 ndcOffset = vec2(charPixelPos.x, -charPixelPos.y) * 2.0 / u_resolution;
  gl_Position = vec4(anchorClip.xy + ndcOffset, 0.0, 1.0);

  // -------------------------------------------------------------------------
  // Step 5: Texture coordinates
  // -------------------------------------------------------------------------
  v_texCoord = (a_texCoords.xy + cornerOffset * a_texCoords.zw) / u_atlasSize;

  // -------------------------------------------------------------------------
  // Step 6: Pass color
  // -------------------------------------------------------------------------
  v_color = a_color;
  v_color.a *= bias;
}
`);return a}function ih(){var n=`#version 300 es
precision highp float;

in vec2 v_texCoord;
in vec4 v_color;
in float v_fontScale;

uniform sampler2D u_atlas;
uniform float u_gamma;
uniform float u_sdfBuffer;
uniform float u_pixelRatio;

// Fragment output (single target - picking handled via separate pass)
out vec4 fragColor;

void main() {
  #ifdef PICKING_MODE
    // Labels are not pickable - discard all fragments in picking mode
    fragColor = vec4(0.0);
    discard;
  #else
    // Sample SDF value from atlas (high = inside glyph, low = outside)
    float sdfValue = texture(u_atlas, v_texCoord).a;

    // Edge threshold: 1.0 - cutoff = 0.75 for default cutoff=0.25
    // This is where the glyph edge is located in the SDF
    float edgeThreshold = 1.0 - u_sdfBuffer;

    // Gamma controls the anti-aliasing band width.
    // Scale inversely with font scale so small labels get a wider AA band
    // (smoother) and large labels get a tighter band (sharper).
    float gamma = u_gamma / (u_pixelRatio * v_fontScale);

    // Pure gamma-based anti-aliasing using smoothstep
    // The AA band extends from (threshold - gamma) to (threshold + gamma)
    float alpha = smoothstep(edgeThreshold - gamma, edgeThreshold + gamma, sdfValue);

    // Premultiplied alpha output for correct blending
    float finalAlpha = v_color.a * alpha;
    fragColor = vec4(v_color.rgb * finalAlpha, finalAlpha);
  #endif
}
`;return n}function oh(){return["u_matrix","u_sizeRatio","u_correctionRatio","u_cameraAngle","u_resolution","u_atlasSize","u_atlas","u_gamma","u_sdfBuffer","u_pixelRatio","u_nodeDataTexture","u_nodeDataTextureWidth","u_nodeFrameTexture","u_nodeFrameTextureWidth","u_zoomLabelSizeRatio","u_labelPixelSnapping"]}function sh(){return{vertexShader:rh(),fragmentShader:ih(),uniforms:oh()}}function lh(n,a,e,t){var r,i,o=t.label,s=o===void 0?{}:o,l=(r=s.margin)!==null&&r!==void 0?r:un,u=(i=s.zoomToLabelSizeRatioFunction)!==null&&i!==void 0?i:function(){return 1},d=sh(),h=function(c){function f(g,m,v){var p,y,b,_;if(te(this,f),_=ge(this,f,[g,m,v]),D(_,"atlasTexture",null),D(_,"atlasNeedsUpdate",!1),D(_,"labelGlyphCache",new Map),_.atlasFontSize=et.fontSize*Rn(),_.atlasManager=new Gt({fontSize:_.atlasFontSize}),_.gamma=.025,_.sdfBuffer=et.cutoff,_.atlasTexture=g.createTexture(),!_.atlasTexture)throw new Error("NodeLabelProgram: failed to create atlas texture");g.bindTexture(g.TEXTURE_2D,_.atlasTexture),g.texParameteri(g.TEXTURE_2D,g.TEXTURE_WRAP_S,g.CLAMP_TO_EDGE),g.texParameteri(g.TEXTURE_2D,g.TEXTURE_WRAP_T,g.CLAMP_TO_EDGE),g.texParameteri(g.TEXTURE_2D,g.TEXTURE_MIN_FILTER,g.LINEAR),g.texParameteri(g.TEXTURE_2D,g.TEXTURE_MAG_FILTER,g.LINEAR),g.bindTexture(g.TEXTURE_2D,null),_.atlasManager.on(Gt.ATLAS_UPDATED_EVENT,function(){_.atlasNeedsUpdate=!0});var x={family:((p=s.font)===null||p===void 0?void 0:p.family)||"sans-serif",weight:((y=s.font)===null||y===void 0?void 0:y.weight)||"normal",style:((b=s.font)===null||b===void 0?void 0:b.style)||"normal"};return _.defaultFontKey=_.atlasManager.registerFont(x),_}return pe(f,c),ne(f,[{key:"getDefinition",value:function(){var m=WebGL2RenderingContext,v=m.FLOAT,p=m.UNSIGNED_BYTE,y=m.TRIANGLE_STRIP;return{VERTICES:4,VERTEX_SHADER_SOURCE:d.vertexShader,FRAGMENT_SHADER_SOURCE:d.fragmentShader,METHOD:y,UNIFORMS:d.uniforms,ATTRIBUTES:[{name:"a_nodeIndex",size:1,type:v},{name:"a_charOffset",size:2,type:v},{name:"a_charSize",size:2,type:v},{name:"a_texCoords",size:4,type:v},{name:"a_color",size:4,type:p,normalized:!0},{name:"a_margin",size:1,type:v},{name:"a_positionMode",size:1,type:v},{name:"a_labelWidth",size:1,type:v},{name:"a_labelHeight",size:1,type:v},{name:"a_verticalCenter",size:1,type:v},{name:"a_textHeight",size:1,type:v},{name:"a_labelAngle",size:1,type:v}],CONSTANT_ATTRIBUTES:[{name:"a_quadCorner",size:2,type:v}],CONSTANT_DATA:[[-1,-1],[1,-1],[-1,1],[1,1]]}}},{key:"prepareLabelGlyphs",value:function(m,v){if(v.hidden||!v.text){this.labelGlyphCache.delete(m);return}var p=v.text,y=v.fontKey||this.defaultFontKey;this.atlasManager.ensureGlyphs(p,y);var b=[],_=[],x=0,E=0,w=0,A=U(p),S;try{for(A.s();!(S=A.n()).done;){var C=S.value,G=C.codePointAt(0);if(G===void 0){b.push(void 0),_.push(x);continue}var L=this.atlasManager.getGlyph(G,y);b.push(L),_.push(x),L&&(x+=L.advance,E=Math.max(E,L.bearingY),w=Math.max(w,L.atlasHeight-L.bearingY))}}catch(N){A.e(N)}finally{A.f()}this.labelGlyphCache.set(m,{glyphs:b,xOffsets:_,totalWidth:x,totalHeight:E+w,verticalCenterOffset:(E-w)/2})}},{key:"processCharacter",value:function(m,v,p,y){var b=this.floats,_=this.STRIDE,x=m*_,E=this.labelGlyphCache.get(v.parentKey);if(!E||!E.glyphs[y]){for(var w=0;w<_;w++)b[x+w]=0;return}var A=E.glyphs[y],S=E.xOffsets[y],C=v.size/this.atlasFontSize,G=Be(v.color),L=x;b[L++]=v.nodeIndex,b[L++]=(S+A.bearingX)*C,b[L++]=-A.bearingY*C,b[L++]=A.atlasWidth*C,b[L++]=A.atlasHeight*C,b[L++]=A.atlasX,b[L++]=A.atlasY,b[L++]=A.atlasWidth,b[L++]=A.atlasHeight,b[L++]=G,b[L++]=v.margin,b[L++]=ln[v.position],b[L++]=E.totalWidth*C,b[L++]=v.size,b[L++]=E.verticalCenterOffset*C,b[L++]=E.totalHeight*C,b[L++]=v.labelAngle}},{key:"processLabel",value:function(m,v,p){return this.prepareLabelGlyphs(m,p),Ee(f,"processLabel",this,3)([m,v,p])}},{key:"updateAtlasTexture",value:function(){if(this.atlasNeedsUpdate){var m=this.normalProgram.gl,v=this.atlasManager.getTextures();if(v.length!==0){var p=v[0];m.bindTexture(m.TEXTURE_2D,this.atlasTexture),m.texImage2D(m.TEXTURE_2D,0,m.RGBA,p.width,p.height,0,m.RGBA,m.UNSIGNED_BYTE,p.data),m.bindTexture(m.TEXTURE_2D,null),this.atlasNeedsUpdate=!1}}}},{key:"setUniforms",value:function(m,v){var p=v.gl,y=v.uniformLocations;p.uniformMatrix3fv(y.u_matrix,!1,m.matrix),p.uniform1f(y.u_sizeRatio,m.sizeRatio),p.uniform1f(y.u_correctionRatio,m.correctionRatio),p.uniform1f(y.u_cameraAngle,m.cameraAngle),p.uniform2f(y.u_resolution,m.width*m.pixelRatio,m.height*m.pixelRatio);var b=this.atlasManager.getTextures();b.length>0?p.uniform2f(y.u_atlasSize,b[0].width,b[0].height):p.uniform2f(y.u_atlasSize,1,1),p.activeTexture(p.TEXTURE0),p.bindTexture(p.TEXTURE_2D,this.atlasTexture),p.uniform1i(y.u_atlas,0),y.u_nodeDataTexture!==void 0&&p.uniform1i(y.u_nodeDataTexture,m.nodeDataTextureUnit),y.u_nodeDataTextureWidth!==void 0&&p.uniform1i(y.u_nodeDataTextureWidth,m.nodeDataTextureWidth),p.uniform1i(y.u_nodeFrameTexture,m.nodeFrameTextureUnit),p.uniform1i(y.u_nodeFrameTextureWidth,m.nodeFrameTextureWidth),p.uniform1f(y.u_gamma,this.gamma),p.uniform1f(y.u_sdfBuffer,this.sdfBuffer),p.uniform1f(y.u_pixelRatio,m.pixelRatio),p.uniform1f(y.u_zoomLabelSizeRatio,1/f.zoomToLabelSizeRatioFunction(m.zoomRatio)),p.uniform1f(y.u_labelPixelSnapping,m.labelPixelSnapping)}},{key:"renderProgram",value:function(m,v){this.updateAtlasTexture(),this.atlasManager.hasPendingGlyphs()&&(this.atlasManager.flush(),this.updateAtlasTexture()),Ee(f,"renderProgram",this,3)([m,v])}},{key:"registerFont",value:function(m){var v=arguments.length>1&&arguments[1]!==void 0?arguments[1]:"normal",p=arguments.length>2&&arguments[2]!==void 0?arguments[2]:"normal";return this.atlasManager.registerFont({family:m,weight:v,style:p})}},{key:"getAtlasManager",value:function(){return this.atlasManager}},{key:"measureLabel",value:function(m,v,p){var y=p||this.defaultFontKey;this.atlasManager.ensureGlyphs(m,y),this.atlasManager.hasPendingGlyphs()&&this.atlasManager.flush();var b=0,_=0,x=0,E=U(m),w;try{for(E.s();!(w=E.n()).done;){var A=w.value,S=A.codePointAt(0);if(S!==void 0){var C=this.atlasManager.getGlyph(S,y);C&&(b+=C.advance,_=Math.max(_,C.bearingY),x=Math.max(x,C.atlasHeight-C.bearingY))}}}catch(L){E.e(L)}finally{E.f()}var G=v/this.atlasFontSize;return{width:b*G,height:v,textHeight:(_+x)*G}}},{key:"ensureGlyphsReady",value:function(m,v){var p=v||this.defaultFontKey,y=U(m),b;try{for(y.s();!(b=y.n()).done;){var _=b.value;this.atlasManager.ensureGlyphs(_,p)}}catch(x){y.e(x)}finally{y.f()}this.atlasManager.flush()}},{key:"kill",value:function(){var m=this.normalProgram.gl;this.atlasTexture&&(m.deleteTexture(this.atlasTexture),this.atlasTexture=null),this.atlasManager.destroy(),this.labelGlyphCache.clear(),Ee(f,"kill",this,3)([])}}])}(Io);return D(h,"labelMargin",l),D(h,"zoomToLabelSizeRatioFunction",u),new h(n,a,e)}var uh=`#version 300 es
precision highp float;

in float v_edgeDist;

// R32F target: only the .r channel is stored.
out vec4 fragColor;

void main() {
  fragColor = vec4(v_edgeDist, 0.0, 0.0, 0.0);
}
`;function dh(n,a,e){var t=Dr(n),r=Fn(n).map(function(g){return"uniform ".concat(g.type," ").concat(g.name,";")}).join(`
`),i=Fd(n,e),o=i.code,s=i.multiShape,l=hn(n,a),u=Object.keys(l.specs).map(function(g){return"float v_".concat(g,";")}).join(`
`),d=sn(l,{varPrefix:"nodeAttr",baseTexelExpr:"nodeIdx * u_layerAttributeTexelsPerNode",textureWidthUniform:"u_layerAttributeTextureWidth",textureSamplerUniform:"u_layerAttributeTexture"}),h=d.fetchCode,c=d.varyingAssignments,f=`#version 300 es
precision highp float;

uniform float u_cameraAngle;
uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;
uniform float u_frameTextureWidth;
uniform float u_frameTextureHeight;
uniform sampler2D u_layerAttributeTexture;
uniform int u_layerAttributeTextureWidth;
uniform int u_layerAttributeTexelsPerNode;
`.concat(r,`

in float a_nodeIndex;     // node-data texture index (also the target frame texel)
in float a_positionMode;  // 0=right 1=left 2=above 3=below 4=over
in float a_labelAngle;    // intrinsic label angle (radians)

out float v_edgeDist;

// Shape attributes (plain globals: this pass is vertex-only)
`).concat(u,`

`).concat(ct,`
`).concat(zt,`
`).concat(t,`
`).concat(o,`
`).concat(Ro,`

void main() {
  int nodeIdx = int(a_nodeIndex);
`).concat(h,`
`).concat(c,`
  `).concat(s?`// Multi-shape: the shape id lives in the node-data texture's .w channel:
  g_shapeId = int(readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx).w);`:"// Single-shape mode, shape id not needed",`

  // Per-node rotation alignment (0 = viewport, 1 = graph).
  vec4 nodeFlags = readNodeFlags(u_nodeDataTexture, u_nodeDataTextureWidth, nodeIdx);
  float nodeRotation = nodeFlags.r;
  float labelRotation = nodeFlags.g;

  // Effective angle: intrinsic (style-given) plus the camera angle when the label
  // is graph-aligned. The companions place the box at this same angle.
  float effectiveAngle = a_labelAngle - labelRotation * u_cameraAngle;

  // The "over" mode (4) sits on the node center, so it has no edge distance.
  float edgeDist = 0.0;
  if (a_positionMode < 4.0) {
    vec2 screenDir = getLabelDirection(a_positionMode);
    // Rotate by the effective label angle. Inlined rather than via rotate2D()
    // because the shape SDFs (getShapeGLSLForShapes) already define that helper
    // for multi-shape programs, and redefining it would be a GLSL error.
    float ea_c = cos(effectiveAngle);
    float ea_s = sin(effectiveAngle);
    vec2 rotatedScreenDir = mat2(ea_c, -ea_s, ea_s, ea_c) * screenDir;
    // Screen (Y-down) -> SDF (Y-up).
    vec2 sdfDir = vec2(rotatedScreenDir.x, -rotatedScreenDir.y);
    // Counter-rotate into the shape's local frame for graph-aligned nodes, so the
    // boundary is queried against the shape's actual on-screen orientation.
    float nodeCa = -u_cameraAngle * nodeRotation;
    float nc = cos(nodeCa), ns = sin(nodeCa);
    sdfDir = mat2(nc, -ns, ns, nc) * sdfDir;
    edgeDist = findEdgeDistance(sdfDir, 1.0);
  }
  v_edgeDist = edgeDist;

  // Scatter to this node's texel center in the frame texture.
  float x = mod(a_nodeIndex, u_frameTextureWidth);
  float y = floor(a_nodeIndex / u_frameTextureWidth);
  vec2 ndc = (vec2(x, y) + 0.5) / vec2(u_frameTextureWidth, u_frameTextureHeight) * 2.0 - 1.0;
  gl_Position = vec4(ndc, 0.0, 1.0);
  gl_PointSize = 1.0;
}
`);return f}var Fo=function(){function n(a,e){te(this,n),D(this,"uniformLocations",{});var t=e.shapes,r=e.layers,i=e.shapeGlobalIds;if(t.length===0)throw new Error("NodeLabelFramePass: at least one shape must be provided");this.gl=a,this.shapeUniforms=Fn(t),this.hasAttributeData=Object.keys(hn(t,r).offsets).length>0,this.vertexShader=Sr(a,dh(t,r,i)),this.fragmentShader=wr(a,uh),this.program=Ar(a,[this.vertexShader,this.fragmentShader]);var o=["u_cameraAngle","u_nodeDataTexture","u_nodeDataTextureWidth","u_frameTextureWidth","u_frameTextureHeight","u_layerAttributeTexture","u_layerAttributeTextureWidth","u_layerAttributeTexelsPerNode"].concat(Z(this.shapeUniforms.map(function(p){return p.name}))),s=U(o),l;try{for(s.s();!(l=s.n()).done;){var u=l.value;this.uniformLocations[u]=a.getUniformLocation(this.program,u)}}catch(p){s.e(p)}finally{s.f()}var d=n.FLOATS_PER_POINT*4;this.vao=a.createVertexArray(),this.buffer=a.createBuffer(),a.bindVertexArray(this.vao),a.bindBuffer(a.ARRAY_BUFFER,this.buffer);var h=U([["a_nodeIndex",0],["a_positionMode",4],["a_labelAngle",8]]),c;try{for(h.s();!(c=h.n()).done;){var f=re(c.value,2),g=f[0],m=f[1],v=a.getAttribLocation(this.program,g);v>=0&&(a.enableVertexAttribArray(v),a.vertexAttribPointer(v,1,a.FLOAT,!1,d,m))}}catch(p){h.e(p)}finally{h.f()}a.bindVertexArray(null)}return ne(n,[{key:"run",value:function(e,t,r,i,o){if(t!==0){var s=this.gl;s.useProgram(this.program),s.bindVertexArray(this.vao),s.bindBuffer(s.ARRAY_BUFFER,this.buffer),s.bufferData(s.ARRAY_BUFFER,e.subarray(0,t*n.FLOATS_PER_POINT),s.DYNAMIC_DRAW);var l=this.uniformLocations;s.uniform1f(l.u_cameraAngle,i.cameraAngle),s.uniform1i(l.u_nodeDataTexture,i.nodeDataTextureUnit),s.uniform1i(l.u_nodeDataTextureWidth,i.nodeDataTextureWidth),s.uniform1f(l.u_frameTextureWidth,r.getTextureWidth()),s.uniform1f(l.u_frameTextureHeight,r.getTextureHeight()),this.hasAttributeData&&o&&(o.bind(xt),l.u_layerAttributeTexture&&s.uniform1i(l.u_layerAttributeTexture,xt),l.u_layerAttributeTextureWidth&&s.uniform1i(l.u_layerAttributeTextureWidth,o.getTextureWidth()),l.u_layerAttributeTexelsPerNode&&s.uniform1i(l.u_layerAttributeTexelsPerNode,o.getTexelsPerItem()));var u=U(this.shapeUniforms),d;try{for(u.s();!(d=u.n()).done;){var h=d.value;Lr(s,this.uniformLocations[h.name],h)}}catch(c){u.e(c)}finally{u.f()}r.bindAsRenderTarget(),s.disable(s.BLEND),s.disable(s.DEPTH_TEST),s.drawArrays(s.POINTS,0,t),s.bindFramebuffer(s.FRAMEBUFFER,null),s.bindVertexArray(null)}}},{key:"kill",value:function(){var e=this.gl;e.deleteProgram(this.program),e.deleteShader(this.vertexShader),e.deleteShader(this.fragmentShader),e.deleteBuffer(this.buffer),e.deleteVertexArray(this.vao)}}])}();D(Fo,"FLOATS_PER_POINT",3);function Go(n,a,e,t,r){var i,o=t.label,s=o===void 0?{}:o,l=t.shapes;if(l.length===0)throw new Error("createNodeProgram: at least one shape must be provided in 'shapes'");var u={},d=[],h;l.forEach(function(w,A){var S=Sd(w);A===0&&(h=S),u[w.name]=A,d[A]=In(S)});var c=Z(t.layers),f=po({shapes:l,layers:c,shapeGlobalIds:l.length>1?d:void 0,antialias:r}),g=lh(n,null,e,{label:s}),m=Zd(n,null,e,{shapes:l,layers:c,getAttributeTexture:function(){return E.getAttributeTexture()},label:s,shapeGlobalIds:l.length>1?d:void 0}),v=eh(n,a,e,{label:s}),p=t.labelAttachments&&Object.keys(t.labelAttachments).length>0?Bd(n,null,e,{label:s}):null,y=new Fo(n,{shapes:l,layers:c,shapeGlobalIds:l.length>1?d:void 0}),b=Ga(l,c),_=$e(b),x=(i=function(w){function A(S,C,G){var L;te(this,A),L=ge(this,A,[S,C,G]),D(L,"layerLifecycles",new Map),D(L,"layersNeedingRegeneration",new Set),D(L,"attrDescriptors",[]),L._pickingBuffer=C;var N=x.layerTextures.get(S);N||(N=new Pa(S,_),x.layerTextures.set(S,N)),L.layerAttributeTexture=N;var k=x.textureRefCounts.get(S)||0;x.textureRefCounts.set(S,k+1),L.packedAttributeData=new Float32Array(_.floatsPerItem),c.forEach(function(W,P){if(W.lifecycle){var T={gl:S,renderer:{refresh:function(){return G.refresh()}},getUniformLocation:function(z){return S.getUniformLocation(L.normalProgram.program,z)},requestShaderRegeneration:function(){L.layersNeedingRegeneration.add(P)},requestRefresh:function(){G.refresh()}},F=W.lifecycle(T);L.layerLifecycles.set(P,F)}}),L.layerLifecycles.forEach(function(W){var P;(P=W.init)===null||P===void 0||P.call(W)});var I=new Map;return L.layerLifecycles.forEach(function(W,P){W.getAttributeData&&I.set(P,W)}),L.attrDescriptors=Ia(b,_,I),L}return pe(A,w),ne(A,[{key:"getDefinition",value:function(){var C=WebGL2RenderingContext,G=C.FLOAT,L=C.TRIANGLE_STRIP;return{VERTICES:4,VERTEX_SHADER_SOURCE:f.vertexShader,FRAGMENT_SHADER_SOURCE:f.fragmentShader,METHOD:L,UNIFORMS:f.uniforms,ATTRIBUTES:f.attributes,CONSTANT_ATTRIBUTES:[{name:"a_quadCorner",size:2,type:G}],CONSTANT_DATA:[[-1,-1],[1,-1],[-1,1],[1,1]]}}},{key:"maybeRegenerateShaders",value:function(){var C=this;if(this.layersNeedingRegeneration.size!==0){c=c.map(function(P,T){if(C.layersNeedingRegeneration.has(T)){var F=C.layerLifecycles.get(T);if(F!=null&&F.regenerate){var O=F.regenerate();return H(H({},O),{},{lifecycle:P.lifecycle})}}return P}),this.layersNeedingRegeneration.clear(),f=po({shapes:l,layers:c,shapeGlobalIds:l.length>1?d:void 0,antialias:this.renderer.getSetting("antialiasNodes")});var G=this.normalProgram.gl,L=this.normalProgram,N=L.program,k=L.buffer,I=L.vertexShader,W=L.fragmentShader;G.deleteProgram(N),G.deleteBuffer(k),G.deleteShader(I),G.deleteShader(W),this.normalProgram=this.getProgramInfo("normal",G,f.vertexShader,f.fragmentShader,this._pickingBuffer)}}},{key:"allocateNode",value:function(C){this.layerAttributeTexture.allocate(C)}},{key:"freeNode",value:function(C){this.layerAttributeTexture.free(C)}},{key:"getAttributeTexture",value:function(){return this.layerAttributeTexture}},{key:"uploadLayerTexture",value:function(){this.layerAttributeTexture.upload()}},{key:"process",value:function(C,G,L,N,k){var I=G*this.STRIDE;if(L.visibility==="hidden"){for(var W=I+this.STRIDE;I<W;I++)this.floats[I]=0;this.floats[G*this.STRIDE]=Lo;return}this.processVisibleItem(tn(C),I,L,N,k)}},{key:"processVisibleItem",value:function(C,G,L,N,k){var I,W=this.floats,P=this.ints;if(W[G++]=N,P[G++]=C,W[G++]=(I=L.opacity)!==null&&I!==void 0?I:1,_.floatsPerItem!==0){var T=this.packedAttributeData;Fa(this.attrDescriptors,L,T,L.color,this.layerLifecycles,0),this.layerAttributeTexture.updateAllAttributes(k,T)}}},{key:"setUniforms",value:function(C,G){var L=this,N=G.gl,k=G.uniformLocations;k.u_matrix&&N.uniformMatrix3fv(k.u_matrix,!1,C.matrix),k.u_sizeRatio&&N.uniform1f(k.u_sizeRatio,C.sizeRatio),k.u_correctionRatio&&N.uniform1f(k.u_correctionRatio,C.correctionRatio),k.u_pickingPadding&&N.uniform1f(k.u_pickingPadding,C.nodePickingPadding),k.u_cameraAngle&&N.uniform1f(k.u_cameraAngle,C.cameraAngle),k.u_nodeDataTexture&&N.uniform1i(k.u_nodeDataTexture,C.nodeDataTextureUnit),k.u_nodeDataTextureWidth&&N.uniform1i(k.u_nodeDataTextureWidth,C.nodeDataTextureWidth),k.u_layerAttributeTexture&&(this.layerAttributeTexture.bind(xt),N.uniform1i(k.u_layerAttributeTexture,xt)),k.u_layerAttributeTextureWidth&&N.uniform1i(k.u_layerAttributeTextureWidth,this.layerAttributeTexture.getTextureWidth()),k.u_layerAttributeTexelsPerNode&&N.uniform1i(k.u_layerAttributeTexelsPerNode,this.layerAttributeTexture.getTexelsPerItem()),l.forEach(function(I){I.uniforms.forEach(function(W){L.setTypedUniform(W,G)})}),c.forEach(function(I){I.uniforms.forEach(function(W){L.setTypedUniform(W,G)})})}},{key:"render",value:function(C,G,L){this.maybeRegenerateShaders(),Ee(A,"render",this,3)([C,G,L])}},{key:"renderProgram",value:function(C,G){var L=G.gl,N=G.program;L.useProgram(N),G===this.normalProgram&&this.layerLifecycles.forEach(function(k){var I;(I=k.beforeRender)===null||I===void 0||I.call(k)}),Ee(A,"renderProgram",this,3)([C,G])}},{key:"kill",value:function(){this.layerLifecycles.forEach(function(L){var N;(N=L.kill)===null||N===void 0||N.call(L)}),this.layerLifecycles.clear();var C=this.normalProgram.gl,G=(x.textureRefCounts.get(C)||1)-1;G<=0?(this.layerAttributeTexture.kill(),x.layerTextures.delete(C),x.textureRefCounts.delete(C)):x.textureRefCounts.set(C,G),Ee(A,"kill",this,3)([])}}])}(Nt),D(i,"layerTextures",new WeakMap),D(i,"textureRefCounts",new WeakMap),i),E=new x(n,null,e);return{nodeProgram:E,labelProgram:g,backdropProgram:m,labelBackgroundProgram:v,attachmentProgram:p,framePass:y,shapeSlug:h,shapeNameToIndex:l.length>1?u:void 0,shapeGlobalIds:l.length>1?d:void 0}}var _t=6;function zn(n){var a=n.offsets,e=n.specs,t=n.floatsPerItem,r=Object.keys(a);if(r.length===0||t===0)return{uniformDeclarations:"",uniformNames:[],vertexVaryingDeclarations:"",fragmentVaryingDeclarations:"",fetchCode:"",varyingAssignments:""};var i=`
uniform sampler2D u_edgeAttributeTexture;
uniform int u_edgeAttributeTextureWidth;
uniform int u_edgeAttributeTexelsPerEdge;`,o=["u_edgeAttributeTexture","u_edgeAttributeTextureWidth","u_edgeAttributeTexelsPerEdge"],s=r.map(function(f){var g=e[f].size===1?"float":"vec".concat(e[f].size);return"".concat(g," v_").concat(f,";")}),l=s.map(function(f){return"out ".concat(f)}).join(`
`),u=s.map(function(f){return"in ".concat(f)}).join(`
`),d=sn(n,{varPrefix:"attr",baseTexelExpr:"edgeIdx * u_edgeAttributeTexelsPerEdge",textureWidthUniform:"u_edgeAttributeTextureWidth",textureSamplerUniform:"u_edgeAttributeTexture"}),h=d.fetchCode,c=d.varyingAssignments;return{uniformDeclarations:i,uniformNames:o,vertexVaryingDeclarations:l,fragmentVaryingDeclarations:u,fetchCode:h,varyingAssignments:c}}function hh(n){return`
float findSourceClampT_`.concat(n,`(vec2 source, float sourceSize, int sourceShapeId, float sourceRotateAlign, vec2 target, float margin) {
  float lo = 0.0, hi = 0.5;
  float nodeExtent = sourceSize * u_correctionRatio / u_sizeRatio * 2.0;
  float effectiveSize = 1.0 - u_correctionRatio / nodeExtent;

  // Counter-rotate the query point so viewport-aligned nodes (rotateAlign=0) are
  // clamped against their on-screen orientation; graph-aligned nodes skip it.
  float ca = u_cameraAngle * (1.0 - sourceRotateAlign);
  float rc = cos(ca), rs = sin(ca);
  mat2 rot = mat2(rc, -rs, rs, rc);

  for (int i = 0; i < 12; i++) {
    float mid = (lo + hi) * 0.5;
    vec2 pos = path_`).concat(n,`_position(mid, source, target);
    vec2 localPos = rot * ((pos - source) / nodeExtent);
    float sdf = querySDF(sourceShapeId, localPos, effectiveSize);
    if (sdf < 0.0) lo = mid;
    else hi = mid;
  }

  float pathLen = path_`).concat(n,`_length(source, target);
  float marginT = (margin * u_correctionRatio / u_sizeRatio) / pathLen;
  return (lo + hi) * 0.5 + marginT;
}
`)}function ch(n){return`
float findTargetClampT_`.concat(n,`(vec2 source, vec2 target, float targetSize, int targetShapeId, float targetRotateAlign, float margin) {
  float lo = 0.5, hi = 1.0;
  float nodeExtent = targetSize * u_correctionRatio / u_sizeRatio * 2.0;
  float effectiveSize = 1.0 - u_correctionRatio / nodeExtent;

  // See findSourceClampT_ for the rotation rationale.
  float ca = u_cameraAngle * (1.0 - targetRotateAlign);
  float rc = cos(ca), rs = sin(ca);
  mat2 rot = mat2(rc, -rs, rs, rc);

  for (int i = 0; i < 12; i++) {
    float mid = (lo + hi) * 0.5;
    vec2 pos = path_`).concat(n,`_position(mid, source, target);
    vec2 localPos = rot * ((pos - target) / nodeExtent);
    float sdf = querySDF(targetShapeId, localPos, effectiveSize);
    if (sdf < 0.0) hi = mid;
    else lo = mid;
  }

  float pathLen = path_`).concat(n,`_length(source, target);
  float marginT = (margin * u_correctionRatio / u_sizeRatio) / pathLen;
  return (lo + hi) * 0.5 - marginT;
}
`)}function zo(n){return`
// Auto-generated numerical tangent (from position via finite differences)
vec2 path_`.concat(n,`_tangent(float t, vec2 source, vec2 target) {
  float epsilon = 0.001;
  float t1 = max(0.0, t - epsilon);
  float t2 = min(1.0, t + epsilon);
  vec2 p1 = path_`).concat(n,`_position(t1, source, target);
  vec2 p2 = path_`).concat(n,`_position(t2, source, target);
  return normalize(p2 - p1);
}

// Auto-generated normal (perpendicular to tangent)
vec2 path_`).concat(n,`_normal(float t, vec2 source, vec2 target) {
  vec2 tangent = path_`).concat(n,`_tangent(t, source, target);
  return vec2(-tangent.y, tangent.x);
}
`)}function fh(n){return`
// Auto-generated path length (samples position 16 times)
float path_`.concat(n,`_length(vec2 source, vec2 target) {
  float len = 0.0;
  vec2 prev = path_`).concat(n,`_position(0.0, source, target);
  for (int i = 1; i <= 16; i++) {
    float t = float(i) / 16.0;
    vec2 curr = path_`).concat(n,`_position(t, source, target);
    len += length(curr - prev);
    prev = curr;
  }
  return len;
}
`)}function gh(n){return`
// Auto-generated closest_t (coarse sample + ternary search)
float path_`.concat(n,`_closest_t(vec2 p, vec2 source, vec2 target) {
  // Coarse search: find best among 10 samples
  float bestT = 0.0;
  float bestDist = 1e10;
  for (int i = 0; i <= 10; i++) {
    float t = float(i) / 10.0;
    vec2 pos = path_`).concat(n,`_position(t, source, target);
    float d = length(p - pos);
    if (d < bestDist) {
      bestDist = d;
      bestT = t;
    }
  }

  // Refine with ternary search
  float lo = max(0.0, bestT - 0.1);
  float hi = min(1.0, bestT + 0.1);
  for (int i = 0; i < 10; i++) {
    float mid1 = lo + (hi - lo) / 3.0;
    float mid2 = hi - (hi - lo) / 3.0;
    float d1 = length(p - path_`).concat(n,`_position(mid1, source, target));
    float d2 = length(p - path_`).concat(n,`_position(mid2, source, target));
    if (d1 < d2) {
      hi = mid2;
    } else {
      lo = mid1;
    }
  }
  return (lo + hi) * 0.5;
}
`)}function ph(n){return`
// Auto-generated signed distance (via closest_t + normal)
float path_`.concat(n,`_distance(vec2 p, vec2 source, vec2 target) {
  float closestT = path_`).concat(n,`_closest_t(p, source, target);
  vec2 closest = path_`).concat(n,`_position(closestT, source, target);
  vec2 diff = p - closest;
  float dist = length(diff);
  if (dist < 0.0001) return 0.0;

  // Get normal at closest point
  vec2 normal = path_`).concat(n,`_normal(closestT, source, target);
  return dist * sign(dot(diff, normal));
}
`)}function vh(n){return`
// Auto-generated t_at_distance (binary search)
float path_`.concat(n,`_t_at_distance(float targetDist, vec2 source, vec2 target) {
  if (targetDist <= 0.0) return 0.0;

  float totalLen = path_`).concat(n,`_length(source, target);
  if (targetDist >= totalLen) return 1.0;

  // Binary search for t
  float lo = 0.0, hi = 1.0;
  for (int i = 0; i < 12; i++) {
    float mid = (lo + hi) * 0.5;

    // Compute arc length from 0 to mid
    float arcLen = 0.0;
    vec2 prev = path_`).concat(n,`_position(0.0, source, target);
    for (int j = 1; j <= 8; j++) {
      float t = mid * float(j) / 8.0;
      vec2 curr = path_`).concat(n,`_position(t, source, target);
      arcLen += length(curr - prev);
      prev = curr;
    }

    if (arcLen < targetDist) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return (lo + hi) * 0.5;
}
`)}function Aa(n,a){var e=new RegExp("\\b(float|vec[234]|void|int|bool)\\s+".concat(a,"\\s*\\("));return e.test(n)}function No(n,a){var e=[];return Aa(a,"path_".concat(n,"_length"))||e.push(fh(n)),Aa(a,"path_".concat(n,"_closest_t"))||e.push(gh(n)),Aa(a,"path_".concat(n,"_distance"))||e.push(ph(n)),Aa(a,"path_".concat(n,"_t_at_distance"))||e.push(vh(n)),e.length>0?`
// ============================================================================
// Auto-generated fallback functions (path only provided position)
// ============================================================================
`.concat(e.join(`
`)):""}function Wo(n){var a,e,t,r=n.paths,i=n.layers,o=(a=n.extremities)!==null&&a!==void 0?a:[];if(r.length===0)throw new Error("At least one path is required in 'paths'");if(i.length===0)throw new Error("At least one layer is required in 'layers'");var s=(e=n.defaultHead)!==null&&e!==void 0?e:"none",l=(t=n.defaultTail)!==null&&t!==void 0?t:"none";return{paths:r,extremities:o,layers:i,path:r[0],layer:i[0],defaultHead:s,defaultTail:l}}var Mo=WebGL2RenderingContext,Pn=Mo.FLOAT,yo=Mo.UNSIGNED_BYTE;function mh(n,a,e){var t=new Set(["u_matrix","u_sizeRatio","u_correctionRatio","u_zoomRatio","u_pixelRatio","u_cameraAngle","u_minEdgeThickness","u_pickingPadding","u_nodeDataTexture","u_nodeDataTextureWidth","u_edgeDataTexture","u_edgeDataTextureWidth","u_edgeFrameTexture","u_edgeFrameTextureWidth","u_edgeAttributeTexture","u_edgeAttributeTextureWidth","u_edgeAttributeTexelsPerEdge"]),r=new Set(t);return n.forEach(function(i){return i.uniforms.forEach(function(o){return r.add(o.name)})}),a.forEach(function(i){return i.uniforms.forEach(function(o){return r.add(o.name)})}),e.forEach(function(i){return i.uniforms.forEach(function(o){return r.add(o.name)})}),Array.from(r)}function kr(n){var a=new Set,e=[],t=U(n),r;try{for(t.s();!(r=t.n()).done;){var i=r.value;a.has(i.name)||(a.add(i.name),e.push("// Path: ".concat(i.name)),e.push(i.glsl),e.push(zo(i.name)),e.push(No(i.name,i.glsl)))}}catch(o){t.e(o)}finally{t.f()}return e.join(`

`)}function yh(n){var a=[],e=U(n),t;try{for(e.s();!(t=e.n()).done;){var r=t.value;a.push("// Extremity: ".concat(r.name)),a.push(r.glsl)}}catch(i){e.e(i)}finally{e.f()}return a.join(`

`)}var bh=[{queryName:"queryPathPosition",pathFunc:"position",returnType:"vec2",params:"float t, vec2 source, vec2 target",args:"t, source, target"},{queryName:"queryPathTangent",pathFunc:"tangent",returnType:"vec2",params:"float t, vec2 source, vec2 target",args:"t, source, target"},{queryName:"queryPathNormal",pathFunc:"normal",returnType:"vec2",params:"float t, vec2 source, vec2 target",args:"t, source, target"},{queryName:"queryPathLength",pathFunc:"length",returnType:"float",params:"vec2 source, vec2 target",args:"source, target"},{queryName:"queryPathClosestT",pathFunc:"closest_t",returnType:"float",params:"vec2 p, vec2 source, vec2 target",args:"p, source, target"}];function xh(n,a){var e=a.queryName,t=a.pathFunc,r=a.returnType,i=a.params,o=a.args;if(n.length===1)return"".concat(r," ").concat(e,"(int pathId, ").concat(i,`) {
  return path_`).concat(n[0].name,"_").concat(t,"(").concat(o,`);
}`);var s=n.map(function(l,u){return"    case ".concat(u,": return path_").concat(l.name,"_").concat(t,"(").concat(o,");")}).join(`
`);return"".concat(r," ").concat(e,"(int pathId, ").concat(i,`) {
  switch (pathId) {
`).concat(s,`
    default: return path_`).concat(n[0].name,"_").concat(t,"(").concat(o,`);
  }
}`)}function Pr(n){return bh.map(function(a){return xh(n,a)}).join(`

`)}function _h(n){if(n.length===1)return`float queryExtremitySDF(int extremityId, vec2 uv, float lengthRatio, float widthRatio) {
  return extremity_`.concat(n[0].name,`(uv, lengthRatio, widthRatio);
}`);var a=n.map(function(e,t){return"    case ".concat(t,": return extremity_").concat(e.name,"(uv, lengthRatio, widthRatio);")}).join(`
`);return`float queryExtremitySDF(int extremityId, vec2 uv, float lengthRatio, float widthRatio) {
  switch (extremityId) {
`.concat(a,`
    default: return extremity_`).concat(n[0].name,`(uv, lengthRatio, widthRatio);
  }
}`)}function Th(n){var a=[],e=U(n),t;try{for(e.s();!(t=e.n()).done;){var r=t.value;a.push(hh(r.name)),a.push(ch(r.name))}}catch(s){e.e(s)}finally{e.f()}if(n.length===1)a.push(`
float queryFindSourceClampT(int pathId, vec2 source, float sourceSize, int sourceShapeId, float sourceRotateAlign, vec2 target, float margin) {
  return findSourceClampT_`.concat(n[0].name,`(source, sourceSize, sourceShapeId, sourceRotateAlign, target, margin);
}

float queryFindTargetClampT(int pathId, vec2 source, vec2 target, float targetSize, int targetShapeId, float targetRotateAlign, float margin) {
  return findTargetClampT_`).concat(n[0].name,`(source, target, targetSize, targetShapeId, targetRotateAlign, margin);
}`));else{var i=n.map(function(s,l){return"    case ".concat(l,": return findSourceClampT_").concat(s.name,"(source, sourceSize, sourceShapeId, sourceRotateAlign, target, margin);")}).join(`
`),o=n.map(function(s,l){return"    case ".concat(l,": return findTargetClampT_").concat(s.name,"(source, target, targetSize, targetShapeId, targetRotateAlign, margin);")}).join(`
`);a.push(`
float queryFindSourceClampT(int pathId, vec2 source, float sourceSize, int sourceShapeId, float sourceRotateAlign, vec2 target, float margin) {
  switch (pathId) {
`.concat(i,`
    default: return findSourceClampT_`).concat(n[0].name,`(source, sourceSize, sourceShapeId, sourceRotateAlign, target, margin);
  }
}

float queryFindTargetClampT(int pathId, vec2 source, vec2 target, float targetSize, int targetShapeId, float targetRotateAlign, float margin) {
  switch (pathId) {
`).concat(o,`
    default: return findTargetClampT_`).concat(n[0].name,`(source, target, targetSize, targetShapeId, targetRotateAlign, margin);
  }
}`))}return a.join(`

`)}function Eh(n,a,e,t,r){var i=$e([].concat(Z(n),Z(e))),o=zn(i),s=hn(t,r),l=Object.keys(s.offsets),u=function(w){var A=s.specs[w].size;return A===1?"float":"vec".concat(A)},d=l.map(function(E){return"".concat(u(E)," v_source_").concat(E,`;
`).concat(u(E)," v_target_").concat(E,";")}).join(`
`),h=sn(s,{varPrefix:"srcNodeAttr",baseTexelExpr:"srcIdx * u_layerAttributeTexelsPerNode",textureWidthUniform:"u_layerAttributeTextureWidth",textureSamplerUniform:"u_layerAttributeTexture",outputPrefix:"v_source_"}),c=sn(s,{varPrefix:"tgtNodeAttr",baseTexelExpr:"tgtIdx * u_layerAttributeTexelsPerNode",textureWidthUniform:"u_layerAttributeTextureWidth",textureSamplerUniform:"u_layerAttributeTexture",outputPrefix:"v_target_"}),f=l.map(function(E){return"".concat(u(E)," g_").concat(E,";")}).join(`
`),g=l.map(function(E){return"  g_".concat(E," = v_source_").concat(E,";")}).join(`
`),m=l.map(function(E){return"  g_".concat(E," = v_target_").concat(E,";")}).join(`
`),v=new Set,p=[],y=function(w){v.has(w.name)||(v.add(w.name),p.push("uniform ".concat(w.type," ").concat(w.name,";")))};n.forEach(function(E){return E.uniforms.forEach(y)}),a.forEach(function(E){return E.uniforms.forEach(y)});var b=a.map(function(E){return be(E.widthFactor)}).join(", "),_=Math.max.apply(Math,Z(n.map(function(E){return E.minBodyLengthRatio||0}))),x=`#version 300 es

// Node and edge data textures
uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;
uniform sampler2D u_edgeDataTexture;
uniform int u_edgeDataTextureWidth;

// Edge attribute texture (for path-specific attributes like curvature)
`.concat(o.uniformDeclarations,`

// Node attribute texture (for node shape attributes)
uniform sampler2D u_layerAttributeTexture;
uniform int u_layerAttributeTextureWidth;
uniform int u_layerAttributeTexelsPerNode;

// Render params needed for clamping
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_cameraAngle;
uniform float u_minEdgeThickness;

// Edge-frame texture dimensions, for scattering each point to its texel
uniform float u_frameTextureWidth;
uniform float u_frameTextureHeight;

// Custom path/extremity uniforms
`).concat(p.join(`
`),`

// Path attribute varyings \u2014 assigned so path functions can read them as globals
`).concat(o.vertexVaryingDeclarations,`

// Node size varyings \u2014 read by path functions like loop
out float v_sourceNodeSize;
out float v_targetNodeSize;

// Node shape attributes per endpoint, and the ones querySDF reads
`).concat(d,`
`).concat(f,`

// Scattered output written to the edge-frame texel: [tStart, tEnd, straightenFactor, pathLength]
out vec4 v_clamp;

// Extremity width factor array (needed for extremityScale computation)
const float EXTREMITY_WIDTH_FACTORS[`).concat(a.length,"] = float[](").concat(b,`);

// Node-data fetch helpers (geometry texel + rotation-flags texel)
`).concat(ct,`
`).concat(zt,`

// Shape SDFs for node boundary clamping
`).concat(wd(),`
`).concat(Ad(new Set(l)),`

// Path functions
`).concat(kr(n),`
`).concat(Pr(n),`
`).concat(Th(n),`

void main() {
  // One point per edge-data row; the row index is the edge-frame texel target.
  int edgeIdx = gl_VertexID;
  int texel0Idx = edgeIdx * 2;
  int texel1Idx = edgeIdx * 2 + 1;
  ivec2 edgeTexCoord0 = ivec2(texel0Idx % u_edgeDataTextureWidth, texel0Idx / u_edgeDataTextureWidth);
  ivec2 edgeTexCoord1 = ivec2(texel1Idx % u_edgeDataTextureWidth, texel1Idx / u_edgeDataTextureWidth);
  vec4 edgeData0 = texelFetch(u_edgeDataTexture, edgeTexCoord0, 0);
  vec4 edgeData1 = texelFetch(u_edgeDataTexture, edgeTexCoord1, 0);

  int srcIdx = int(edgeData0.x);
  int tgtIdx = int(edgeData0.y);
  float a_thickness = edgeData0.z;
  float a_headLengthRatio = edgeData1.x;
  float a_tailLengthRatio = edgeData1.y;
  int pathId = int(edgeData1.z);
  int extremityPacked = int(edgeData1.w);
  int headId = extremityPacked >> 4;
  int tailId = extremityPacked & 15;

  // Fetch path/layer attributes and assign to path-function globals
`).concat(o.fetchCode,`
`).concat(o.varyingAssignments,`

  // Fetch node shape attributes for both endpoints
`).concat(h.fetchCode,`
`).concat(h.varyingAssignments,`
`).concat(c.fetchCode,`
`).concat(c.varyingAssignments,`

  // Fetch node geometry (texel 0) and rotation flags (texel 1).
  vec4 srcNodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, srcIdx);
  vec4 tgtNodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, tgtIdx);

  vec2 a_source = srcNodeData.xy;
  vec2 a_target = tgtNodeData.xy;
  float a_sourceSize = srcNodeData.z;
  float a_targetSize = tgtNodeData.z;
  float a_sourceShapeId = srcNodeData.w;
  float a_targetShapeId = tgtNodeData.w;
  // Per-node rotation alignment (0 = viewport, 1 = graph), for boundary clamping.
  float a_sourceRotateAlign = readNodeFlags(u_nodeDataTexture, u_nodeDataTextureWidth, srcIdx).r;
  float a_targetRotateAlign = readNodeFlags(u_nodeDataTexture, u_nodeDataTextureWidth, tgtIdx).r;

  v_sourceNodeSize = a_sourceSize;
  v_targetNodeSize = a_targetSize;

  float headLengthRatio = a_headLengthRatio;
  float tailLengthRatio = a_tailLengthRatio;
  float headWidthFactor = EXTREMITY_WIDTH_FACTORS[headId];
  float tailWidthFactor = EXTREMITY_WIDTH_FACTORS[tailId];
  float minBodyLengthRatio = `).concat(be(_),`;

  // Thickness in WebGL units (needed to compute clamping margin and extremity lengths)
  float pixelsThickness = max(a_thickness, u_minEdgeThickness * u_sizeRatio);
  float webGLThickness = pixelsThickness * u_correctionRatio / u_sizeRatio;

  // SDF clamping: find where the edge body meets the node boundaries. Always
  // searched (ungated) so labels get a true boundary clamp; the body re-applies
  // its extremity gating in-shader.
`).concat(g,`
  float tStart = queryFindSourceClampT(pathId, a_source, a_sourceSize, int(a_sourceShapeId), a_sourceRotateAlign, a_target, 0.0);
`).concat(m,`
  float tEnd = queryFindTargetClampT(pathId, a_source, a_target, a_targetSize, int(a_targetShapeId), a_targetRotateAlign, 0.0);

  // straightenFactor (frame .z) is consumed only by the body, which runs to the
  // node center when an extremity is absent. Derive the straightening math from
  // these gated clamps \u2014 not the ungated boundary ones above \u2014 so it matches the
  // geometry it drives. The ungated tStart/tEnd remain what labels read.
  float bodyTStart = tailLengthRatio > 0.0 ? tStart : 0.0;
  float bodyTEnd = headLengthRatio > 0.0 ? tEnd : 1.0;

  // Path length and zone boundaries (needed for straightening check)
  float pathLength = queryPathLength(pathId, a_source, a_target);
  float visibleLength = pathLength * (bodyTEnd - bodyTStart);

  float headLength = headLengthRatio * webGLThickness;
  float tailLength = tailLengthRatio * webGLThickness;
  float minBodyLength = minBodyLengthRatio * webGLThickness;

  float totalNeededLength = headLength + tailLength + minBodyLength;
  float extremityScale = 1.0;
  if (totalNeededLength > visibleLength && totalNeededLength > 0.0001) {
    extremityScale = visibleLength / totalNeededLength;
    headLength *= extremityScale;
    tailLength *= extremityScale;
  }

  float headLengthT = pathLength > 0.0001 ? headLength / pathLength : 0.0;
  float tailLengthT = pathLength > 0.0001 ? tailLength / pathLength : 0.0;

  float tTailEnd = bodyTStart + tailLengthT;
  float tHeadStart = bodyTEnd - headLengthT;
  if (tTailEnd > tHeadStart) {
    float mid = (bodyTStart + bodyTEnd) * 0.5;
    tTailEnd = mid;
    tHeadStart = mid;
  }

  // Straighten factor: blend toward straight line when path twists in extremity zones
  float straightenFactor = 0.0;
  {
    float maxDeviation = 0.0;
    if (tailLengthT > 0.0001) {
      vec2 tailTang = queryPathTangent(pathId, tTailEnd, a_source, a_target);
      vec2 tailChord = queryPathPosition(pathId, bodyTStart, a_source, a_target)
                     - queryPathPosition(pathId, tTailEnd, a_source, a_target);
      float tailChordLen = length(tailChord);
      if (tailChordLen > 0.0001) {
        maxDeviation = max(maxDeviation, 1.0 - dot(-tailTang, tailChord / tailChordLen));
      }
    }
    if (headLengthT > 0.0001) {
      vec2 headTang = queryPathTangent(pathId, tHeadStart, a_source, a_target);
      vec2 headChord = queryPathPosition(pathId, bodyTEnd, a_source, a_target)
                     - queryPathPosition(pathId, tHeadStart, a_source, a_target);
      float headChordLen = length(headChord);
      if (headChordLen > 0.0001) {
        maxDeviation = max(maxDeviation, 1.0 - dot(headTang, headChord / headChordLen));
      }
    }
    straightenFactor = smoothstep(0.035, 0.5, maxDeviation);
  }

  // When straightening, blend the ungated tStart/tEnd (the label-facing clamps)
  // toward straight-line clamp positions.
  if (straightenFactor > 0.001) {
    if (tailLengthRatio > 0.0) {
`).concat(g,`
      float srcExtent = a_sourceSize * u_correctionRatio / u_sizeRatio * 2.0;
      float srcEffective = 1.0 - u_correctionRatio / srcExtent;
      float srcCa = u_cameraAngle * (1.0 - a_sourceRotateAlign);
      mat2 srcRot = mat2(cos(srcCa), -sin(srcCa), sin(srcCa), cos(srcCa));
      float lo = 0.0, hi = 0.5;
      for (int i = 0; i < 12; i++) {
        float mid = (lo + hi) * 0.5;
        vec2 pos = mix(a_source, a_target, mid);
        vec2 localPos = srcRot * ((pos - a_source) / srcExtent);
        float sdf = querySDF(int(a_sourceShapeId), localPos, srcEffective);
        if (sdf < 0.0) lo = mid; else hi = mid;
      }
      tStart = mix(tStart, (lo + hi) * 0.5, straightenFactor);
    }
    if (headLengthRatio > 0.0) {
`).concat(m,`
      float tgtExtent = a_targetSize * u_correctionRatio / u_sizeRatio * 2.0;
      float tgtEffective = 1.0 - u_correctionRatio / tgtExtent;
      float tgtCa = u_cameraAngle * (1.0 - a_targetRotateAlign);
      mat2 tgtRot = mat2(cos(tgtCa), -sin(tgtCa), sin(tgtCa), cos(tgtCa));
      float lo = 0.5, hi = 1.0;
      for (int i = 0; i < 12; i++) {
        float mid = (lo + hi) * 0.5;
        vec2 pos = mix(a_source, a_target, mid);
        vec2 localPos = tgtRot * ((pos - a_target) / tgtExtent);
        float sdf = querySDF(int(a_targetShapeId), localPos, tgtEffective);
        if (sdf < 0.0) hi = mid; else lo = mid;
      }
      tEnd = mix(tEnd, (lo + hi) * 0.5, straightenFactor);
    }
  }

  v_clamp = vec4(tStart, tEnd, straightenFactor, pathLength);

  // Scatter this point to its edge's texel center in the frame texture.
  float x = mod(float(edgeIdx), u_frameTextureWidth);
  float y = floor(float(edgeIdx) / u_frameTextureWidth);
  vec2 ndc = (vec2(x, y) + 0.5) / vec2(u_frameTextureWidth, u_frameTextureHeight) * 2.0 - 1.0;
  gl_Position = vec4(ndc, 0.0, 1.0);
  gl_PointSize = 1.0;
}
`);return x}var Da=0,bo=1,Ra=2;function Sh(n,a,e){var t=[];e&&(t.push([Da,0,-1],[Da,0,1]),t.push([Da,1,-1],[Da,1,1]));for(var r=0;r<=n;r++){var i=r/n;t.push([bo,i,-1],[bo,i,1])}return a&&(t.push([Ra,0,-1],[Ra,0,1]),t.push([Ra,1,-1],[Ra,1,1])),{data:t,attributes:[{name:"a_zone",size:1,type:Pn},{name:"a_zoneT",size:1,type:Pn},{name:"a_side",size:1,type:Pn}],verticesPerEdge:t.length}}function wh(n,a,e,t){var r=$e([].concat(Z(n),Z(e))),i=zn(r),o=new Set(["u_matrix","u_sizeRatio","u_correctionRatio","u_zoomRatio","u_pixelRatio","u_cameraAngle","u_minEdgeThickness","u_pickingPadding","u_nodeDataTexture"]),s=new Set,l=[],u=function(p){!o.has(p.name)&&!s.has(p.name)&&(s.add(p.name),l.push("uniform ".concat(p.type," ").concat(p.name,";")))};n.forEach(function(v){return v.uniforms.forEach(u)}),a.forEach(function(v){return v.uniforms.forEach(u)}),e.forEach(function(v){return v.uniforms.forEach(u)});var d=t.map(function(v){var p=v.size===1?"float":"vec".concat(v.size);return"in ".concat(p," ").concat(v.name,";")}).join(`
`),h=a.map(function(v){return be(v.widthFactor)}).join(", "),c=Math.max.apply(Math,Z(n.map(function(v){return v.minBodyLengthRatio||0}))),f=e.some(function(v){return v.needsNodeColors}),g=n.some(function(v){return v.needsNodeSize}),m=`#version 300 es

// Constant attributes (per vertex)
`.concat(d,`

// Per-edge attributes
// Edge data (source/target indices, thickness, extremity ratios, path/extremity IDs)
// is fetched from edge data texture via edge index
in float a_edgeIndex;   // Index into edge data texture
in vec4 a_color;        // Edge color
in vec4 a_id;           // Edge ID for picking
in float a_opacity;     // Edge opacity

// Standard uniforms
uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_zoomRatio;
uniform float u_pixelRatio;
uniform float u_cameraAngle;
uniform float u_minEdgeThickness;
#ifdef PICKING_MODE
uniform float u_pickingPadding;
#endif
uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;
uniform sampler2D u_edgeDataTexture;
uniform int u_edgeDataTextureWidth;
uniform sampler2D u_edgeFrameTexture;
uniform int u_edgeFrameTextureWidth;

// Edge path attribute texture uniforms
`).concat(i.uniformDeclarations,`

// Custom uniforms
`).concat(l.join(`
`),`

// Standard varyings
out vec4 v_color;
out float v_opacity;
out vec4 v_id;
out float v_thickness;       // Edge body thickness (in consistent units)
out float v_t;
out float v_tStart;
out float v_tEnd;
out float v_side;
out float v_antialiasingWidth;  // Anti-aliasing width (normalized: u_correctionRatio / thickness)
out vec2 v_source;
out vec2 v_target;
out float v_edgeLength;
`).concat(g?`
out float v_sourceNodeSize;  // Source node size (mirrored in labels/generator.ts as plain float)
out float v_targetNodeSize;  // Target node size (mirrored in labels/generator.ts as plain float)`:"",`
`).concat(f?`
out vec4 v_sourceColor;
out vec4 v_targetColor;`:"",`
// Zone varyings
out float v_zone;            // 0=tail, 1=body, 2=head
out float v_zoneT;           // Position within zone [0,1]
out float v_headLengthRatio; // Head length as ratio of thickness
out float v_tailLengthRatio; // Tail length as ratio of thickness
out float v_headWidthRatio;  // Head width factor
out float v_tailWidthRatio;  // Tail width factor

// Multi-path/extremity varyings
flat out int v_pathId;
flat out int v_headId;
flat out int v_tailId;

// Path/layer attribute varyings (fetched from edge attribute texture)
`).concat(i.vertexVaryingDeclarations,`

const float bias = 255.0 / 254.0;

// Width factor array for extremities (shared pool for head/tail)
const float EXTREMITY_WIDTH_FACTORS[`).concat(a.length,"] = float[](").concat(h,`);

// All path functions
`).concat(kr(n),`

// Path selector functions
`).concat(Pr(n),`

// Node-data fetch helper (geometry texel of the two-texel node stride)
`).concat(ct,`
`).concat(f?Id:"",`
// Per-edge clamp from the frame-pass (tStart, tEnd, straightenFactor, pathLength)
`).concat(dn,`

void main() {
  // Fetch edge data from edge texture (2 texels per edge)
  // Texel 0: sourceNodeIndex, targetNodeIndex, thickness, reserved
  // Texel 1: headLengthRatio, tailLengthRatio, pathId, (headId << 4) | tailId
  int edgeIdx = int(a_edgeIndex);

  // Hidden edges are flagged with a negative row by EdgeProgram.process(). Push
  // the whole primitive outside the clip volume: every vertex lands at the same
  // out-of-range position, so it is fully clipped and rasterizes nothing \u2014
  // neither to the frame buffer nor to the picking buffer.
  if (edgeIdx < 0) {
    gl_Position = vec4(2.0, 0.0, 0.0, 1.0);
    v_color = vec4(0.0);
    v_id = vec4(0.0);
    return;
  }

  int texel0Idx = edgeIdx * 2;
  int texel1Idx = edgeIdx * 2 + 1;
  ivec2 edgeTexCoord0 = ivec2(texel0Idx % u_edgeDataTextureWidth, texel0Idx / u_edgeDataTextureWidth);
  ivec2 edgeTexCoord1 = ivec2(texel1Idx % u_edgeDataTextureWidth, texel1Idx / u_edgeDataTextureWidth);
  vec4 edgeData0 = texelFetch(u_edgeDataTexture, edgeTexCoord0, 0);
  vec4 edgeData1 = texelFetch(u_edgeDataTexture, edgeTexCoord1, 0);

  // Unpack edge data
  int srcIdx = int(edgeData0.x);
  int tgtIdx = int(edgeData0.y);
  float a_thickness = edgeData0.z;
  // edgeData0.w is now reserved (curvature moved to path attribute texture)
  float a_headLengthRatio = edgeData1.x;
  float a_tailLengthRatio = edgeData1.y;
  int pathId = int(edgeData1.z);
  int extremityPacked = int(edgeData1.w);
  int headId = extremityPacked >> 4;
  int tailId = extremityPacked & 15;

  // Fetch path/layer attributes from edge attribute texture
`).concat(i.fetchCode,`

  // Assign path/layer attribute varyings
`).concat(i.varyingAssignments,`

  // Fetch source and target node geometry (texel 0 of the two-texel node stride)
  vec4 srcNodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, srcIdx);
  vec4 tgtNodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, tgtIdx);

  vec2 a_source = srcNodeData.xy;
  vec2 a_target = tgtNodeData.xy;
`).concat(g?`
  // Assign node size varyings early (path functions like loops need them during clamping)
  v_sourceNodeSize = srcNodeData.z;
  v_targetNodeSize = tgtNodeData.z;`:"",`
`).concat(f?`
  v_sourceColor = readNodeColor(u_nodeDataTexture, u_nodeDataTextureWidth, srcIdx);
  v_targetColor = readNodeColor(u_nodeDataTexture, u_nodeDataTextureWidth, tgtIdx);`:"",`

  // Convert thickness to WebGL units
  float minThickness = u_minEdgeThickness;
  float pixelsThickness = max(a_thickness, minThickness * u_sizeRatio);
  float webGLThickness = pixelsThickness * u_correctionRatio / u_sizeRatio;

  // Extremity parameters from ID lookups (shared pool)
  float headLengthRatio = a_headLengthRatio;
  float tailLengthRatio = a_tailLengthRatio;
  float headWidthFactor = EXTREMITY_WIDTH_FACTORS[headId];
  float tailWidthFactor = EXTREMITY_WIDTH_FACTORS[tailId];
  float minBodyLengthRatio = `).concat(be(c),`;

  // Per-edge values from the frame-pass texture (read by edge index).
  // tStart/tEnd are the ungated boundary clamps: re-apply the body's extremity
  // gating here (no extremity \u2192 body runs to the node center, 0/1).
  vec4 frameClamp = readFrameTexel(u_edgeFrameTexture, u_edgeFrameTextureWidth, edgeIdx);
  float tStart           = a_tailLengthRatio > 0.0 ? frameClamp.x : 0.0;
  float tEnd             = a_headLengthRatio > 0.0 ? frameClamp.y : 1.0;
  float straightenFactor = frameClamp.z;
  float pathLength       = frameClamp.w;

  // Anti-aliasing width (~1 pixel, normalized by thickness)
  float antialiasingWidth = u_correctionRatio / webGLThickness;

  float visibleLength = pathLength * (tEnd - tStart);

  // Compute extremity lengths in world units
  float headLength = headLengthRatio * webGLThickness;
  float tailLength = tailLengthRatio * webGLThickness;
  float minBodyLength = minBodyLengthRatio * webGLThickness;

  // Handle short edges: scale down extremities if needed
  float totalNeededLength = headLength + tailLength + minBodyLength;
  float extremityScale = 1.0;
  if (totalNeededLength > visibleLength && totalNeededLength > 0.0001) {
    extremityScale = visibleLength / totalNeededLength;
    headLength *= extremityScale;
    tailLength *= extremityScale;
  }

  // Convert lengths to t-values
  float headLengthT = pathLength > 0.0001 ? headLength / pathLength : 0.0;
  float tailLengthT = pathLength > 0.0001 ? tailLength / pathLength : 0.0;

  // Zone boundaries in t-space
  float tTailEnd = tStart + tailLengthT;
  float tHeadStart = tEnd - headLengthT;

  // Ensure body has non-negative length
  if (tTailEnd > tHeadStart) {
    float mid = (tStart + tEnd) * 0.5;
    tTailEnd = mid;
    tHeadStart = mid;
  }

  // Convert to webGL units for geometry expansion
  float aaWidthWebGL = antialiasingWidth * webGLThickness;

  // Extra geometry width for picking padding (0 in visual mode)
  #ifdef PICKING_MODE
    float pickingPaddingWebGL = u_pickingPadding * u_correctionRatio;
  #else
    float pickingPaddingWebGL = 0.0;
  #endif

  // Straight-line direction and normal (for blending when straightenFactor > 0)
  vec2 straightDir = length(a_target - a_source) > 0.0001
    ? normalize(a_target - a_source) : vec2(1.0, 0.0);
  vec2 straightNormal = vec2(-straightDir.y, straightDir.x);

  // Zone-based vertex processing using path selectors
  vec2 position;
  vec2 normal;
  float t;
  float zone = a_zone;
  float zoneT = a_zoneT;
  float side = a_side;

  // Scaled extremity width factors (geometry must be at least as wide as body)
  float scaledTailWidth = max(tailWidthFactor * extremityScale, 1.0);
  float scaledHeadWidth = max(headWidthFactor * extremityScale, 1.0);

  if (zone < 0.5) {
    // TAIL ZONE: rectangular quad with scaled width
    vec2 tang = queryPathTangent(pathId, tTailEnd, a_source, a_target);
    normal = vec2(-tang.y, tang.x);
    vec2 centerPos = mix(queryPathPosition(pathId, tStart, a_source, a_target),
                         queryPathPosition(pathId, tTailEnd, a_source, a_target), zoneT);
    float halfWidth = webGLThickness * scaledTailWidth * 0.5 + aaWidthWebGL + pickingPaddingWebGL;
    position = centerPos + normal * side * halfWidth;
    t = mix(tStart, tTailEnd, zoneT);

  } else if (zone < 1.5) {
    // BODY ZONE: follows path curvature with width = 1.0
    t = mix(tTailEnd, tHeadStart, zoneT);
    normal = queryPathNormal(pathId, t, a_source, a_target);
    float halfWidth = webGLThickness * 0.5 + aaWidthWebGL + pickingPaddingWebGL;
    position = queryPathPosition(pathId, t, a_source, a_target) + normal * side * halfWidth;

  } else {
    // HEAD ZONE: rectangular quad with scaled width
    vec2 tang = queryPathTangent(pathId, tHeadStart, a_source, a_target);
    normal = vec2(-tang.y, tang.x);
    vec2 centerPos = mix(queryPathPosition(pathId, tHeadStart, a_source, a_target),
                         queryPathPosition(pathId, tEnd, a_source, a_target), zoneT);
    float halfWidth = webGLThickness * scaledHeadWidth * 0.5 + aaWidthWebGL + pickingPaddingWebGL;
    position = centerPos + normal * side * halfWidth;
    t = mix(tHeadStart, tEnd, zoneT);
  }

  // Blend toward straight line based on path twist in extremity zones
  if (straightenFactor > 0.001) {
    float zoneWidth = zone < 0.5 ? webGLThickness * scaledTailWidth * 0.5 + aaWidthWebGL + pickingPaddingWebGL :
                      zone < 1.5 ? webGLThickness * 0.5 + aaWidthWebGL + pickingPaddingWebGL :
                      webGLThickness * scaledHeadWidth * 0.5 + aaWidthWebGL + pickingPaddingWebGL;
    vec2 straightPos = mix(a_source, a_target, t) + straightNormal * side * zoneWidth;
    position = mix(position, straightPos, straightenFactor);
  }

  gl_Position = vec4((u_matrix * vec3(position, 1.0)).xy, 0.0, 1.0);

  // Pass varyings to fragment shader
  v_color = a_color;
  v_color.a *= bias;
  v_opacity = a_opacity;
  v_id = a_id;
  v_thickness = webGLThickness;
  v_t = t;
  v_tStart = tStart;
  v_tEnd = tEnd;
  v_side = side;
  v_antialiasingWidth = antialiasingWidth;
  v_source = a_source;
  v_target = a_target;
  v_edgeLength = pathLength;

  // Zone varyings
  v_zone = zone;
  v_zoneT = zoneT;
  v_headLengthRatio = headLengthRatio * extremityScale;
  v_tailLengthRatio = tailLengthRatio * extremityScale;
  // Scale extremity width proportionally with length when crushed
  v_headWidthRatio = headWidthFactor * extremityScale;
  v_tailWidthRatio = tailWidthFactor * extremityScale;

  // Multi-path varyings
  v_pathId = pathId;
  v_headId = headId;
  v_tailId = tailId;
}
`);return m}function Ah(n,a,e,t){var r=$e([].concat(Z(n),Z(e))),i=zn(r),o=new Set(["u_matrix","u_sizeRatio","u_correctionRatio","u_zoomRatio","u_pixelRatio","u_cameraAngle","u_minEdgeThickness","u_pickingPadding"]),s=new Set,l=[],u=function(y){!o.has(y.name)&&!s.has(y.name)&&(s.add(y.name),l.push("uniform ".concat(y.type," ").concat(y.name,";")))};n.forEach(function(p){return p.uniforms.forEach(u)}),a.forEach(function(p){return p.uniforms.forEach(u)}),e.forEach(function(p){return p.uniforms.forEach(u)});var d=a.map(function(p){var y;return be((y=p.baseRatio)!==null&&y!==void 0?y:.5)}).join(", "),h=function(y){var b,_;return a.length>1?"EXTREMITY_BASE_RATIOS[".concat(y,"]"):be((b=(_=a[0])===null||_===void 0?void 0:_.baseRatio)!==null&&b!==void 0?b:.5)},c=a.some(function(p){return dt(p.length)?!0:p.length>0}),f=e.some(function(p){return p.needsNodeColors}),g=n.some(function(p){return p.needsNodeSize}),m=e.map(function(p,y){return"  // Layer ".concat(y+1,": ").concat(p.name,`
  color = blendOver(color, layer_`).concat(p.name,"(context));")}).join(`

`),v=`#version 300 es
precision highp float;

// Standard varyings
in vec4 v_color;
in float v_opacity;
in vec4 v_id;
in float v_thickness;       // Edge body thickness
in float v_t;
in float v_tStart;
in float v_tEnd;
in float v_side;
in float v_antialiasingWidth;  // Anti-aliasing width (normalized: u_correctionRatio / thickness)
in vec2 v_source;
in vec2 v_target;
in float v_edgeLength;
`.concat(g?`
in float v_sourceNodeSize;   // Source node size (mirrored in labels/generator.ts as plain float)
in float v_targetNodeSize;   // Target node size (mirrored in labels/generator.ts as plain float)`:"",`
`).concat(f?`
in vec4 v_sourceColor;
in vec4 v_targetColor;`:"",`
// Zone varyings
in float v_zone;            // 0=tail, 1=body, 2=head
in float v_zoneT;           // Position within zone [0,1]
in float v_headLengthRatio; // Head length as ratio of thickness (scaled for short edges)
in float v_tailLengthRatio; // Tail length as ratio of thickness (scaled for short edges)
in float v_headWidthRatio;  // Head width factor
in float v_tailWidthRatio;  // Tail width factor

// Multi-path/extremity varyings
flat in int v_pathId;
flat in int v_headId;
flat in int v_tailId;

// Path/layer attribute varyings (from vertex shader texture fetch)
`).concat(i.fragmentVaryingDeclarations,`

// Standard uniforms (needed by some path types)
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_cameraAngle;
#ifdef PICKING_MODE
uniform float u_pickingPadding;
#endif

// Custom uniforms
`).concat(l.join(`
`),`

// Fragment output (single target - picking handled via separate pass)
out vec4 fragColor;

`).concat(a.length>1?`// Base ratio array for extremities (shared pool for head/tail)
const float EXTREMITY_BASE_RATIOS[`.concat(a.length,"] = float[](").concat(d,");"):"",`

// EdgeContext struct
struct EdgeContext {
  float t;                   // Position along path [0, 1]
  float sdf;                 // Signed distance from centerline
  vec2 position;             // World position
  vec2 tangent;              // Path tangent
  vec2 normal;               // Path normal
  float thickness;           // Edge thickness
  float aaWidth;             // Anti-aliasing width
  float edgeLength;          // Total path length
  float tStart;              // Clamped start t
  float tEnd;                // Clamped end t
  float distanceFromSource;  // Arc distance from source
  float distanceToTarget;    // Arc distance to target
};

EdgeContext context;

// Alpha "over" compositing for layer blending
vec4 blendOver(vec4 bg, vec4 fg) {
  float a = fg.a;
  return vec4(mix(bg.rgb, fg.rgb, a), bg.a + a * (1.0 - bg.a));
}

// All path functions
`).concat(kr(n),`

// Path selector functions
`).concat(Pr(n),`

// All extremity functions
`).concat(yh(a),`

// Extremity SDF selector (shared pool for head/tail)
`).concat(_h(a),`

// Layer functions
`).concat(e.map(function(p){return p.glsl}).join(`

`),`

// Helper: Compute arc length using path selector
float computeArcLengthMulti(int pathId, float t0, float t1, vec2 source, vec2 target, int samples) {
  float arcLen = 0.0;
  vec2 prev = queryPathPosition(pathId, t0, source, target);
  for (int i = 1; i <= samples; i++) {
    float t = t0 + (t1 - t0) * float(i) / float(samples);
    vec2 curr = queryPathPosition(pathId, t, source, target);
    arcLen += length(curr - prev);
    prev = curr;
  }
  return arcLen;
}

void main() {
  // Compute normalized t within visible edge (0 = start, 1 = end)
  float tNorm = (v_t - v_tStart) / max(v_tEnd - v_tStart, 0.0001);

  // Edge body half-thickness
  float halfThickness = v_thickness * 0.5;

  // Convert normalized AA width to webGL units (~1 pixel)
  float aaWidthWebGL = v_antialiasingWidth * v_thickness;

  // Distance from centerline based on v_side interpolation
  float zoneWidthFactor = v_zone < 0.5 ? v_tailWidthRatio :
                          v_zone < 1.5 ? 1.0 :
                          v_headWidthRatio;
  // In PICKING_MODE, inflate halfGeometryWidth to match the inflated vertex geometry
  #ifdef PICKING_MODE
    float halfGeometryWidth = halfThickness * zoneWidthFactor + aaWidthWebGL + u_pickingPadding * aaWidthWebGL;
  #else
    float halfGeometryWidth = halfThickness * zoneWidthFactor + aaWidthWebGL;
  #endif
  float distFromCenter = abs(v_side) * halfGeometryWidth;

  // Populate EdgeContext (for layer functions)
  context.t = tNorm;
  context.sdf = distFromCenter - halfThickness;
  context.position = queryPathPosition(v_pathId, v_t, v_source, v_target);
  context.tangent = queryPathTangent(v_pathId, v_t, v_source, v_target);
  context.normal = vec2(-context.tangent.y, context.tangent.x);
  context.thickness = v_thickness;
  context.aaWidth = aaWidthWebGL;
  context.edgeLength = v_edgeLength;
  context.tStart = v_tStart;
  context.tEnd = v_tEnd;

  // Compute arc distances
  float visibleLength = v_edgeLength * (v_tEnd - v_tStart);
  float pathT = v_t;
  float pathTNorm = tNorm;
`).concat(n.every(function(p){return p.linearParameterization})?`  // All paths have linear parameterization: t maps directly to arc distance
  context.distanceFromSource = pathTNorm * visibleLength;
  context.distanceToTarget = (1.0 - pathTNorm) * visibleLength;`:n.every(function(p){return!p.linearParameterization})?`  // No paths have linear parameterization: use numerical integration
  context.distanceFromSource = computeArcLengthMulti(v_pathId, v_tStart, pathT, v_source, v_target, 16);
  context.distanceToTarget = computeArcLengthMulti(v_pathId, pathT, v_tEnd, v_source, v_target, 16);`:`  // Mixed parameterization: use analytical for linear paths, numerical for others
  if (`.concat(n.filter(function(p){return p.linearParameterization}).map(function(p){return"v_pathId == ".concat(n.indexOf(p))}).join(" || "),`) {
    context.distanceFromSource = pathTNorm * visibleLength;
    context.distanceToTarget = (1.0 - pathTNorm) * visibleLength;
  } else {
    context.distanceFromSource = computeArcLengthMulti(v_pathId, v_tStart, pathT, v_source, v_target, 16);
    context.distanceToTarget = computeArcLengthMulti(v_pathId, pathT, v_tEnd, v_source, v_target, 16);
  }`),`

  // Compute SDF based on zone using extremity selector (shared pool)
  float bodySDF = distFromCenter - halfThickness;
  float finalSDF;

`).concat(c?`  // Base ratios, from baseRatioLookup
  float headBaseRatio = `.concat(h("v_headId"),`;
  float tailBaseRatio = `).concat(h("v_tailId"),`;

  if (v_zone < 0.5) {
    // TAIL ZONE: v_zoneT goes 0 (tip) to 1 (base)
    vec2 uv = vec2((1.0 - v_zoneT) * v_tailLengthRatio, v_side * v_tailWidthRatio * 0.5);
    float tailSDF = queryExtremitySDF(v_tailId, uv, v_tailLengthRatio, v_tailWidthRatio) * v_thickness;

    // Apply union only near base (v_zoneT > 1 - baseRatio)
    if (v_zoneT > 1.0 - tailBaseRatio) {
      finalSDF = min(tailSDF, bodySDF);
    } else {
      finalSDF = tailSDF;
    }
  } else if (v_zone < 1.5) {
    // BODY ZONE: distance from centerline
    finalSDF = bodySDF;
  } else {
    // HEAD ZONE: v_zoneT goes 0 (base) to 1 (tip)
    vec2 uv = vec2(v_zoneT * v_headLengthRatio, v_side * v_headWidthRatio * 0.5);
    float headSDF = queryExtremitySDF(v_headId, uv, v_headLengthRatio, v_headWidthRatio) * v_thickness;

    // Apply union only near base (v_zoneT < baseRatio)
    if (v_zoneT < headBaseRatio) {
      finalSDF = min(headSDF, bodySDF);
    } else {
      finalSDF = headSDF;
    }
  }`):`  // No extremity draws tail/head geometry, so every vertex is body zone.
  finalSDF = bodySDF;`,`

  #ifdef PICKING_MODE
    // Picking pass: output edge ID for pixels within the picking area
    if (finalSDF > u_pickingPadding * aaWidthWebGL) discard;
    fragColor = v_id;
  #else
`).concat(t?`    // Visual pass: anti-aliased edge with layers, edge opacity applied once
    float alpha = smoothstep(aaWidthWebGL, -aaWidthWebGL, finalSDF) * v_opacity;`:`    // Visual pass: hard-edged (no anti-aliasing gradient) edge with layers, edge opacity applied once
    float alpha = (finalSDF < 0.0 ? 1.0 : 0.0) * v_opacity;`,`
    if (alpha < 0.01) discard;

    // Apply layers sequentially with "over" compositing
    vec4 color = vec4(0.0);

`).concat(m,`

    // Mix with transparent to fade both color AND alpha (pre-multiplied alpha for correct blending)
    fragColor = mix(vec4(0.0), color, alpha);
  #endif
}
`);return v}function Dh(n,a,e){var t=dt(a.length)?!0:a.length>0,r=dt(e.length)?!0:e.length>0;if(n.generateConstantData){var i=n.generateConstantData();return{data:i.data,attributes:i.attributes,verticesPerEdge:i.verticesPerEdge}}return Sh(n.segments,t,r)}function xo(n){var a,e=Wo(n),t=e.paths,r=e.extremities,i=e.layers,o=(a=n.antialias)!==null&&a!==void 0?a:!0,s=new Map,l=new Map,u=new Map,d=U(t),h;try{for(d.s();!(h=d.n()).done;){var c=h.value,f=U(r),g;try{for(f.s();!(g=f.n()).done;){var m=g.value,v=U(r),p;try{for(v.s();!(p=v.n()).done;){var y=p.value,b="".concat(c.name,":").concat(m.name,":").concat(y.name),_=Dh(c,m,y);s.set(b,_.verticesPerEdge),l.set(b,_.data);var x=U(_.attributes),E;try{for(x.s();!(E=x.n()).done;){var w=E.value;u.has(w.name)||u.set(w.name,w)}}catch(j){x.e(j)}finally{x.f()}}}catch(j){v.e(j)}finally{v.f()}}}catch(j){f.e(j)}finally{f.f()}}}catch(j){d.e(j)}finally{d.f()}var A=Array.from(u.values()),S={};A.forEach(function(j,K){S[j.name]=K});var C=0,G="",L=U(s),N;try{for(L.s();!(N=L.n()).done;){var k=re(N.value,2),I=k[0],W=k[1];W>C&&(C=W,G=I)}}catch(j){L.e(j)}finally{L.f()}var P=l.get(G)||[],T=G.split(":"),F=re(T,1),O=F[0],z=t.find(function(j){return j.name===O}),R=[];z!=null&&z.generateConstantData?R=z.generateConstantData().attributes:R=[{name:"a_zone"},{name:"a_zoneT"},{name:"a_side"}];var V=P.map(function(j){var K=new Array(A.length).fill(0);return R.forEach(function(Se,ue){var Y=S[Se.name];Y!==void 0&&ue<j.length&&(K[Y]=j[ue])}),K});return{vertexShader:wh(t,r,i,A),fragmentShader:Ah(t,r,i,o),uniforms:mh(t,r,i),attributes:Rh(),verticesPerEdge:C,constantData:V,constantAttributes:A,vertexCountsPerCombination:s,constantDataPerCombination:l}}function Rh(n,a,e){return[{name:"a_edgeIndex",size:1,type:Pn},{name:"a_color",size:4,type:yo,normalized:!0},{name:"a_id",size:4,type:yo,normalized:!0},{name:"a_opacity",size:1,type:Pn}]}var Ch=`#version 300 es
precision highp float;

in vec4 v_clamp;

// RGBA32F target: stores (tStart, tEnd, straightenFactor, pathLength).
out vec4 fragColor;

void main() {
  fragColor = v_clamp;
}
`,Lh=function(){function n(a,e){te(this,n),D(this,"uniformLocations",{});var t=e.paths,r=e.extremities,i=e.layers,o=e.nodeShapes,s=e.nodeLayers;this.gl=a,this.hasAttributeData=$e([].concat(Z(t),Z(i))).floatsPerItem>0,this.hasNodeAttributeData=Object.keys(hn(o,s).offsets).length>0,this.vertexShader=Sr(a,Eh(t,r,i,o,s)),this.fragmentShader=wr(a,Ch),this.program=Ar(a,[this.vertexShader,this.fragmentShader]);var l=new Set;this.customUniforms=[];for(var u=0,d=[].concat(Z(t),Z(r));u<d.length;u++){var h=d[u],c=U(h.uniforms),f;try{for(c.s();!(f=c.n()).done;){var g=f.value;l.has(g.name)||(l.add(g.name),this.customUniforms.push(g))}}catch(b){c.e(b)}finally{c.f()}}var m=["u_sizeRatio","u_correctionRatio","u_cameraAngle","u_minEdgeThickness","u_nodeDataTexture","u_nodeDataTextureWidth","u_edgeDataTexture","u_edgeDataTextureWidth","u_edgeAttributeTexture","u_edgeAttributeTextureWidth","u_edgeAttributeTexelsPerEdge","u_layerAttributeTexture","u_layerAttributeTextureWidth","u_layerAttributeTexelsPerNode","u_frameTextureWidth","u_frameTextureHeight"].concat(Z(this.customUniforms.map(function(b){return b.name}))),v=U(m),p;try{for(v.s();!(p=v.n()).done;){var y=p.value;this.uniformLocations[y]=a.getUniformLocation(this.program,y)}}catch(b){v.e(b)}finally{v.f()}this.vao=a.createVertexArray()}return ne(n,[{key:"run",value:function(e,t,r,i,o){if(r!==0){var s=this.gl,l=this.uniformLocations;s.useProgram(this.program),s.bindVertexArray(this.vao),l.u_sizeRatio&&s.uniform1f(l.u_sizeRatio,e.sizeRatio),l.u_correctionRatio&&s.uniform1f(l.u_correctionRatio,e.correctionRatio),l.u_cameraAngle&&s.uniform1f(l.u_cameraAngle,e.cameraAngle),l.u_minEdgeThickness&&s.uniform1f(l.u_minEdgeThickness,e.minEdgeThickness),l.u_nodeDataTexture&&s.uniform1i(l.u_nodeDataTexture,e.nodeDataTextureUnit),l.u_nodeDataTextureWidth&&s.uniform1i(l.u_nodeDataTextureWidth,e.nodeDataTextureWidth),l.u_edgeDataTexture&&s.uniform1i(l.u_edgeDataTexture,e.edgeDataTextureUnit),l.u_edgeDataTextureWidth&&s.uniform1i(l.u_edgeDataTextureWidth,e.edgeDataTextureWidth),l.u_frameTextureWidth&&s.uniform1f(l.u_frameTextureWidth,t.getTextureWidth()),l.u_frameTextureHeight&&s.uniform1f(l.u_frameTextureHeight,t.getTextureHeight()),this.hasAttributeData&&i&&(i.bind(_t),l.u_edgeAttributeTexture&&s.uniform1i(l.u_edgeAttributeTexture,_t),l.u_edgeAttributeTextureWidth&&s.uniform1i(l.u_edgeAttributeTextureWidth,i.getTextureWidth()),l.u_edgeAttributeTexelsPerEdge&&s.uniform1i(l.u_edgeAttributeTexelsPerEdge,i.getTexelsPerItem())),this.hasNodeAttributeData&&o&&(o.bind(xt),l.u_layerAttributeTexture&&s.uniform1i(l.u_layerAttributeTexture,xt),l.u_layerAttributeTextureWidth&&s.uniform1i(l.u_layerAttributeTextureWidth,o.getTextureWidth()),l.u_layerAttributeTexelsPerNode&&s.uniform1i(l.u_layerAttributeTexelsPerNode,o.getTexelsPerItem()));var u=U(this.customUniforms),d;try{for(u.s();!(d=u.n()).done;){var h=d.value;Lr(s,this.uniformLocations[h.name],h)}}catch(c){u.e(c)}finally{u.f()}t.bindAsRenderTarget(),s.disable(s.BLEND),s.disable(s.DEPTH_TEST),s.drawArrays(s.POINTS,0,r),s.bindFramebuffer(s.FRAMEBUFFER,null),s.bindVertexArray(null)}}},{key:"kill",value:function(){var e=this.gl;e.deleteProgram(this.program),e.deleteShader(this.vertexShader),e.deleteShader(this.fragmentShader),e.deleteVertexArray(this.vao)}}])}();function Ln(n,a,e,t,r,i){if(n.length===1)return"".concat(t," ").concat(a,"(int pathId, ").concat(r,`) {
  return path_`).concat(n[0].name,"_").concat(e,"(").concat(i,`);
}`);var o=n.map(function(s,l){return"    case ".concat(l,": return path_").concat(s.name,"_").concat(e,"(").concat(i,");")}).join(`
`);return"".concat(t," ").concat(a,"(int pathId, ").concat(r,`) {
  switch (pathId) {
`).concat(o,`
    default: return path_`).concat(n[0].name,"_").concat(e,"(").concat(i,`);
  }
}`)}var kh=`
vec3 computeEdgeLabelBodyBounds(
  float tStart, float tEnd, float pathLength,
  float webGLThickness, float headLengthRatio, float tailLengthRatio
) {
  float visibleLength = pathLength * (tEnd - tStart);

  float headLength = headLengthRatio * webGLThickness;
  float tailLength = tailLengthRatio * webGLThickness;
  float totalNeededLength = headLength + tailLength;
  if (totalNeededLength > visibleLength && totalNeededLength > 0.0001) {
    float extremityScale = visibleLength / totalNeededLength;
    headLength *= extremityScale;
    tailLength *= extremityScale;
  }

  float bodyStartDist = tStart * pathLength + tailLength;
  float bodyEndDist = tEnd * pathLength - headLength;
  return vec3(bodyStartDist, bodyEndDist, max(bodyEndDist - bodyStartDist, 0.0));
}
`;function Ph(n,a){var e=be(n),t=be(a);return`
float computeEdgeLabelAlpha(float bodyLength, float textWidthWebGL) {
  float ratio = textWidthWebGL > 0.0001 ? min(bodyLength / textWidthWebGL, 1.0) : 1.0;
  if (ratio < `.concat(e,`) return 0.0;
  if (ratio < `).concat(t,") return (ratio - ").concat(e,") / (").concat(t," - ").concat(e,`);
  return 1.0;
}
`)}var Ih=`
float computeEdgeLabelScreenDir(int pathId, float t, vec2 source, vec2 target, mat3 matrix) {
  vec2 tangent = queryPathTangent(pathId, t, source, target);
  return (matrix * vec3(tangent, 0.0)).x < 0.0 ? -1.0 : 1.0;
}
`,Fh=`
float computeEdgeLabelPerpOffset(
  float positionMode,
  float halfThickness, float marginWebGL, float halfTextHeight,
  float readingSign, float screenDir
) {
  float magnitude = halfThickness + marginWebGL + halfTextHeight;
  if (positionMode == 1.0) return magnitude * readingSign;
  if (positionMode == 2.0) return -magnitude * readingSign;
  if (positionMode == 3.0) return magnitude * screenDir;
  return 0.0;
}
`;function Oo(n){var a=n.paths,e=n.minVisibilityThreshold,t=n.fullVisibilityThreshold,r=a.some(function(s){return s.hasSharpCorners}),i=a.map(function(s){return"// --- Path: ".concat(s.name,` ---
`).concat(s.glsl,`

// Tangent/normal functions: analytical if provided, otherwise numerical
`).concat(s.analyticalTangentGlsl||zo(s.name),`

// Auto-generated fallbacks for any missing path functions
`).concat(No(s.name,s.glsl),`

// Corner skip helpers (for paths with sharp corners like step/taxi)
`).concat(s.cornerSkipGlsl||"",`
`)}).join(`
`),o=r?`// Corner function selectors (only some paths have sharp corners)
vec2 queryGetCornerTs(int pathId, vec2 source, vec2 target) {
  switch (pathId) {
`.concat(a.map(function(s,l){return s.hasSharpCorners?"    case ".concat(l,": return path_").concat(s.name,"_getCornerTs(source, target);"):"    case ".concat(l,": return vec2(-1.0, -1.0); // No corners for ").concat(s.name)}).join(`
`),`
    default: return vec2(-1.0, -1.0);
  }
}

vec2 queryGetCornerConcavity(int pathId, vec2 source, vec2 target, float perpOffset) {
  switch (pathId) {
`).concat(a.map(function(s,l){return s.hasSharpCorners?"    case ".concat(l,": return path_").concat(s.name,"_getCornerConcavity(source, target, perpOffset);"):"    case ".concat(l,": return vec2(0.0, 0.0); // No corners for ").concat(s.name)}).join(`
`),`
    default: return vec2(0.0, 0.0);
  }
}`):"";return`
// ============================================================================
// Node data fetch (geometry texel) and per-edge clamp fetch (edge-frame texture)
// ============================================================================

`.concat(ct,`
`).concat(dn,`

// ============================================================================
// Path Functions (one block per path)
// ============================================================================

`).concat(i,`

// ============================================================================
// Path Query Selectors (dispatch by pathId)
// ============================================================================

`).concat(Ln(a,"queryPathPosition","position","vec2","float t, vec2 source, vec2 target","t, source, target"),`

`).concat(Ln(a,"queryPathTangent","tangent","vec2","float t, vec2 source, vec2 target","t, source, target"),`

`).concat(Ln(a,"queryPathNormal","normal","vec2","float t, vec2 source, vec2 target","t, source, target"),`

`).concat(Ln(a,"queryPathLength","length","float","vec2 source, vec2 target","source, target"),`

`).concat(Ln(a,"queryPathTAtDistance","t_at_distance","float","float dist, vec2 source, vec2 target","dist, source, target"),`

`).concat(o,`

// ============================================================================
// Shared helpers (body bounds, alpha ramp, screen direction, perpendicular offset)
// ============================================================================

`).concat(kh,`
`).concat(Ph(e,t),`
`).concat(Ih,`
`).concat(Fh,`
`)}var Gh=et.fontSize,zh=new Map,Uo=24,_o=(Uo+1)*2;function Nh(n){var a=n.paths,e=n.fontSizeMode,t=n.headLengthRatio,r=n.tailLengthRatio,i=n.minVisibilityThreshold,o=n.fullVisibilityThreshold,s=n.keepUpright,l=e==="scaled",u=Pt(),d=$e([].concat(Z(a),[u])),h=zn(d),c=`#version 300 es

// Per-instance attributes
in float a_edgeIndex;
in float a_edgeAttrIndex;
in float a_baseFontSize;
in float a_totalTextWidth;
in float a_positionMode;
in float a_margin;
in float a_padding;
in vec4 a_color;
in vec4 a_id;

// Per-vertex (constant) attribute: strip vertex index
in float a_vertexIndex;

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_pixelRatio;
uniform float u_cameraAngle;
uniform vec2 u_resolution;
uniform sampler2D u_nodeDataTexture;
uniform int u_nodeDataTextureWidth;
uniform sampler2D u_edgeDataTexture;
uniform int u_edgeDataTextureWidth;
uniform sampler2D u_edgeFrameTexture; // Per-edge clamp (tStart, tEnd, straightenFactor, pathLength)
uniform int u_edgeFrameTextureWidth;
`.concat(l?"uniform float u_zoomSizeRatio;":"",`

`).concat(h.uniformDeclarations,`

out vec4 v_color;
out vec4 v_id;
out float v_alphaModifier;

const float ATLAS_FONT_SIZE = `).concat(be(Gh),`;
const float HEAD_RATIO = `).concat(be(t),`;
const float TAIL_RATIO = `).concat(be(r),`;
const int RIBBON_SEGMENTS = `).concat(Uo,`;

// Path attribute varyings (declared as plain locals since this shader has no FS inputs for them)
`).concat(h.vertexVaryingDeclarations.replace(/out /g,""),`

// Node size variables used by some path functions (self-loops, etc.)
float v_sourceNodeSize;
float v_targetNodeSize;

// Shared preamble: shape SDFs, path functions + selectors, clamp, helpers.
`).concat(Oo({paths:a,minVisibilityThreshold:i,fullVisibilityThreshold:o}),`

void main() {
  int vIdx = int(a_vertexIndex);
  int pairIdx = vIdx / 2;
  int side = vIdx - pairIdx * 2; // 0 = left/bottom, 1 = right/top

  // --- Fetch edge data (2 texels per edge) ---
  int edgeIdx = int(a_edgeIndex);
  int texel0Idx = edgeIdx * 2;
  int texel1Idx = edgeIdx * 2 + 1;
  ivec2 e0 = ivec2(texel0Idx % u_edgeDataTextureWidth, texel0Idx / u_edgeDataTextureWidth);
  ivec2 e1 = ivec2(texel1Idx % u_edgeDataTextureWidth, texel1Idx / u_edgeDataTextureWidth);
  vec4 edgeData0 = texelFetch(u_edgeDataTexture, e0, 0);
  vec4 edgeData1 = texelFetch(u_edgeDataTexture, e1, 0);

  int srcIdx = int(edgeData0.x);
  int tgtIdx = int(edgeData0.y);
  float thickness = edgeData0.z;
  int pathId = int(edgeData1.z);

  // --- Fetch path attributes (curvature, etc.) ---
  {
    int edgeIdx = int(a_edgeAttrIndex);
`).concat(h.fetchCode,`
`).concat(h.varyingAssignments,`
  }

  // --- Fetch node data: geometry (texel 0) + rotation flags (texel 1) ---
  vec4 srcN = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, srcIdx);
  vec4 tgtN = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, tgtIdx);

  vec2 source = srcN.xy;
  vec2 target = tgtN.xy;
  float sourceSize = srcN.z;
  float targetSize = tgtN.z;
  v_sourceNodeSize = sourceSize;
  v_targetNodeSize = targetSize;

  // --- Pixel-to-graph conversion (fixed font mode) ---
  float matrixScaleX = length(vec2(u_matrix[0][0], u_matrix[1][0]));
  float pixelToGraph = 2.0 / (matrixScaleX * u_resolution.x);

  float webGLThickness = thickness * u_correctionRatio / u_sizeRatio;

  // --- Body bounds (shared with edge label shader) ---
  vec4 edgeClamp = readFrameTexel(u_edgeFrameTexture, u_edgeFrameTextureWidth, edgeIdx);
  vec3 bodyBounds = computeEdgeLabelBodyBounds(
    edgeClamp.x, edgeClamp.y, edgeClamp.w,
    webGLThickness, HEAD_RATIO, TAIL_RATIO
  );
  float bodyStartDist = bodyBounds.x;
  float bodyEndDist = bodyBounds.y;
  float bodyLength = bodyBounds.z;

  // --- Text dimensions ---
  float baseFontSize = a_baseFontSize;
  `).concat(l?`float fontScale = baseFontSize / ATLAS_FONT_SIZE * u_zoomSizeRatio;
  float textWidthWebGL = a_totalTextWidth * fontScale * u_correctionRatio / u_sizeRatio;
  float halfTextHeight = baseFontSize * 0.35 * u_zoomSizeRatio * u_correctionRatio / u_sizeRatio;
  float marginWebGL = a_margin * u_zoomSizeRatio * u_correctionRatio / u_sizeRatio;`:`float fontScale = baseFontSize / ATLAS_FONT_SIZE;
  float textWidthWebGL = a_totalTextWidth * fontScale * pixelToGraph;
  float halfTextHeight = baseFontSize * 0.35 * pixelToGraph;
  float marginWebGL = a_margin * pixelToGraph;`,`
  float paddingWebGL = a_padding * pixelToGraph;

  // --- Alpha modifier (shared with edge label shader) ---
  float alphaModifier = computeEdgeLabelAlpha(bodyLength, textWidthWebGL);
  if (alphaModifier <= 0.0 || textWidthWebGL <= 0.0) {
    gl_Position = vec4(2.0, 0.0, 0.0, 1.0);
    v_color = vec4(0.0);
    v_id = vec4(0.0);
    v_alphaModifier = 0.0;
    return;
  }

  // --- Perpendicular offset (shared with edge label shader) ---
  float bodyCenterDist = (bodyStartDist + bodyEndDist) * 0.5;
  float centerT = queryPathTAtDistance(pathId, bodyCenterDist, source, target);
  float screenDir = computeEdgeLabelScreenDir(pathId, centerT, source, target, u_matrix);
  float readingSign = `).concat(s?"screenDir":"1.0",`;
  float halfThickness = webGLThickness * 0.5;
  float perpOffset = computeEdgeLabelPerpOffset(
    a_positionMode, halfThickness, marginWebGL, halfTextHeight, readingSign, screenDir
  );

  // --- Ribbon span (clipped to body) ---
  float halfTextWebGL = textWidthWebGL * 0.5;
  float labelStartDist = max(bodyCenterDist - halfTextWebGL, bodyStartDist);
  float labelEndDist = min(bodyCenterDist + halfTextWebGL, bodyEndDist);

  // Sample centerline at this pair, then apply perpendicular offset.
  // The ribbon follows the centerline path (simple & robust); for curved edges
  // this closely matches the offset path the characters sit on.
  float u = float(pairIdx) / float(RIBBON_SEGMENTS);
  float arcDist = mix(labelStartDist, labelEndDist, u);
  float t = queryPathTAtDistance(pathId, arcDist, source, target);
  vec2 pos = queryPathPosition(pathId, t, source, target);
  vec2 tan = queryPathTangent(pathId, t, source, target);
  vec2 perp = vec2(-tan.y, tan.x);

  vec2 centerPos = pos + perp * perpOffset;

  float halfRibbon = halfTextHeight + paddingWebGL;
  float sideSign = side == 0 ? -1.0 : 1.0;
  vec2 ribbonPos = centerPos + perp * (sideSign * halfRibbon);

  vec3 clipPos = u_matrix * vec3(ribbonPos, 1.0);
  gl_Position = vec4(clipPos.xy, 0.0, 1.0);

  v_color = a_color;
  v_id = a_id;
  v_alphaModifier = alphaModifier;
}
`);return c}var Wh=`#version 300 es
precision highp float;

in vec4 v_color;
in vec4 v_id;
in float v_alphaModifier;

out vec4 fragColor;

void main() {
#ifdef PICKING_MODE
  if (v_alphaModifier <= 0.0) discard;
  fragColor = v_id;
#else
  float alpha = v_color.a * v_alphaModifier;
  if (alpha <= 0.0) discard;
  fragColor = vec4(v_color.rgb * alpha, alpha);
#endif
}
`;function Mh(n,a,e,t){var r=t.shaderConfig,i=r.paths,o=r.fontSizeMode;if(i.length===0)throw new Error("createEdgeLabelBackgroundProgram: shaderConfig must declare at least one path");var s=Pt(),l=$e([].concat(Z(i),[s])),u=Ia([].concat(Z(i),[s]),l),d=Nh(r),h=function(c){function f(g,m,v){var p;return te(this,f),p=ge(this,f,[g,m,v]),D(p,"totalCount",0),D(p,"bufferCapacity",0),D(p,"edgeAttributeTexture",null),p.edgeAttributeTexture=new Pa(g,l),p.packedAttributeData=new Float32Array(l.floatsPerItem),p}return pe(f,c),ne(f,[{key:"getDefinition",value:function(){for(var m=WebGL2RenderingContext,v=m.FLOAT,p=m.UNSIGNED_BYTE,y=m.TRIANGLE_STRIP,b=[],_=0;_<_o;_++)b.push([_]);var x=["u_matrix","u_sizeRatio","u_correctionRatio","u_pixelRatio","u_cameraAngle","u_resolution","u_nodeDataTexture","u_nodeDataTextureWidth","u_edgeDataTexture","u_edgeDataTextureWidth","u_edgeFrameTexture","u_edgeFrameTextureWidth"];return o==="scaled"&&x.push("u_zoomSizeRatio"),l.floatsPerItem>0&&x.push("u_edgeAttributeTexture","u_edgeAttributeTextureWidth","u_edgeAttributeTexelsPerEdge"),{VERTICES:_o,VERTEX_SHADER_SOURCE:d,FRAGMENT_SHADER_SOURCE:Wh,METHOD:y,UNIFORMS:x,ATTRIBUTES:[{name:"a_edgeIndex",size:1,type:v},{name:"a_edgeAttrIndex",size:1,type:v},{name:"a_baseFontSize",size:1,type:v},{name:"a_totalTextWidth",size:1,type:v},{name:"a_positionMode",size:1,type:v},{name:"a_margin",size:1,type:v},{name:"a_padding",size:1,type:v},{name:"a_color",size:4,type:p,normalized:!0},{name:"a_id",size:4,type:p,normalized:!0}],CONSTANT_ATTRIBUTES:[{name:"a_vertexIndex",size:1,type:v}],CONSTANT_DATA:b}}},{key:"processEdgeLabelBackground",value:function(m,v,p){var y=0;if(this.edgeAttributeTexture&&l.floatsPerItem>0){y=this.edgeAttributeTexture.allocate(v);var b=this.packedAttributeData;Fa(u,p.edgeAttributes,b,"",zh,0),this.edgeAttributeTexture.updateAllAttributes(v,b)}var _=this.floats,x=this.ints,E=m*this.STRIDE;_[E++]=p.edgeIndex,_[E++]=y,_[E++]=p.baseFontSize,_[E++]=p.totalTextWidth,_[E++]=p.positionMode,_[E++]=p.margin,_[E++]=p.padding,_[E++]=p.color,x[E++]=p.id}},{key:"setUniforms",value:function(m,v){var p=v.gl,y=v.uniformLocations;if(p.uniformMatrix3fv(y.u_matrix,!1,m.matrix),p.uniform1f(y.u_sizeRatio,m.sizeRatio),p.uniform1f(y.u_correctionRatio,m.correctionRatio),p.uniform1f(y.u_pixelRatio,m.pixelRatio),p.uniform1f(y.u_cameraAngle,m.cameraAngle),p.uniform2f(y.u_resolution,m.width,m.height),y.u_nodeDataTexture!==void 0&&p.uniform1i(y.u_nodeDataTexture,m.nodeDataTextureUnit),y.u_nodeDataTextureWidth!==void 0&&p.uniform1i(y.u_nodeDataTextureWidth,m.nodeDataTextureWidth),y.u_edgeDataTexture!==void 0&&p.uniform1i(y.u_edgeDataTexture,m.edgeDataTextureUnit),y.u_edgeDataTextureWidth!==void 0&&p.uniform1i(y.u_edgeDataTextureWidth,m.edgeDataTextureWidth),y.u_edgeFrameTexture!==void 0&&p.uniform1i(y.u_edgeFrameTexture,m.edgeFrameTextureUnit),y.u_edgeFrameTextureWidth!==void 0&&p.uniform1i(y.u_edgeFrameTextureWidth,m.edgeFrameTextureWidth),o==="scaled"&&y.u_zoomSizeRatio!==void 0){var b=this.renderer.getSetting("zoomToSizeRatioFunction");p.uniform1f(y.u_zoomSizeRatio,1/b(m.zoomRatio))}this.edgeAttributeTexture&&l.floatsPerItem>0&&y.u_edgeAttributeTexture!==void 0&&(this.edgeAttributeTexture.bind(_t),p.uniform1i(y.u_edgeAttributeTexture,_t),p.uniform1i(y.u_edgeAttributeTextureWidth,this.edgeAttributeTexture.getTextureWidth()),p.uniform1i(y.u_edgeAttributeTexelsPerEdge,this.edgeAttributeTexture.getTexelsPerItem()))}},{key:"renderProgram",value:function(m,v){this.edgeAttributeTexture&&l.floatsPerItem>0&&this.edgeAttributeTexture.upload(),Ee(f,"renderProgram",this,3)([m,v])}},{key:"kill",value:function(){this.edgeAttributeTexture&&(this.edgeAttributeTexture.kill(),this.edgeAttributeTexture=null),Ee(f,"kill",this,3)([])}},{key:"drawWebGL",value:function(m,v){var p=v.gl;this.totalCount!==0&&p.drawArraysInstanced(p.TRIANGLE_STRIP,0,this.VERTICES,this.totalCount)}},{key:"reallocate",value:function(m){this.totalCount=m,m>this.bufferCapacity&&(this.bufferCapacity=Math.max(m,Math.ceil(this.bufferCapacity*1.5)||10),Ee(f,"reallocate",this,3)([this.bufferCapacity]))}}])}(Nt);return new h(n,a,e)}function Bo(n){var a,e,t,r,i,o;return{paths:n.paths,headLengthRatio:(a=n.headLengthRatio)!==null&&a!==void 0?a:0,tailLengthRatio:(e=n.tailLengthRatio)!==null&&e!==void 0?e:0,fontSizeMode:(t=n.fontSizeMode)!==null&&t!==void 0?t:"fixed",minVisibilityThreshold:(r=n.minVisibilityThreshold)!==null&&r!==void 0?r:.7,fullVisibilityThreshold:(i=n.fullVisibilityThreshold)!==null&&i!==void 0?i:.8,keepUpright:(o=n.keepUpright)!==null&&o!==void 0?o:!0}}var Oh=et.fontSize,Uh=17/64;function Bh(n){var a=n.paths,e=n.hasBorder,t=e===void 0?!1:e,r=n.fontSizeMode,i=r===void 0?"fixed":r,o=n.minVisibilityThreshold,s=o===void 0?.5:o,l=n.fullVisibilityThreshold,u=l===void 0?.6:l,d=n.keepUpright,h=d===void 0?!0:d,c=i==="scaled",f=a.some(function(y){return y.hasSharpCorners}),g=Pt(),m=$e([].concat(Z(a),[g])),v=zn(m),p=`#version 300 es

// ============================================================================
// Attributes - Per Character (Instanced)
// ============================================================================

// Edge geometry: indices for texture lookup
// Edge data (source/target node indices, thickness, head/tail ratios) is fetched from edge data texture
// Edge path attributes (curvature, etc.) are fetched from edge attribute texture
in float a_edgeIndex;       // Index into edge data texture
in float a_edgeAttrIndex;   // Index into edge attribute texture (for curvature, etc.)
in float a_baseFontSize;    // Base font size in pixels (per-label)

// Character metrics (in glyph units = atlas font size pixels)
in vec4 a_charMetrics;      // (charTextOffset, charAdvance, totalTextWidth, positionMode)
in vec4 a_charDims;         // (charSize.x, charSize.y, charOffset.x, charOffset.y)

// Atlas texture coordinates
in vec4 a_texCoords;        // (x, y, width, height) in atlas pixels

// Label parameters
in vec2 a_labelParams;      // (margin, unused)

// Appearance
in vec4 a_color;            // Character color (RGBA, normalized)
`.concat(t?"in vec4 a_borderColor;      // Border color (RGBA, normalized)":"",`

// ============================================================================
// Attributes - Per Vertex (Constant)
// ============================================================================

in vec2 a_quadCorner;       // Quad corner: (0,0), (1,0), (0,1), (1,1)

// ============================================================================
// Uniforms
// ============================================================================

uniform mat3 u_matrix;
uniform float u_sizeRatio;
uniform float u_correctionRatio;
uniform float u_pixelRatio;
uniform float u_cameraAngle;    // Required by node shape SDFs
// u_sdfBufferPixels kept for ABI compatibility but unused in shader
uniform float u_sdfBufferPixels;
uniform vec2 u_resolution;
uniform vec2 u_atlasSize;
uniform sampler2D u_nodeDataTexture; // Shared texture with node position/size/shape data
uniform int u_nodeDataTextureWidth;  // Width of 2D node data texture for coordinate calculation
uniform sampler2D u_edgeDataTexture; // Shared texture with edge data
uniform int u_edgeDataTextureWidth;  // Width of 2D edge data texture for coordinate calculation
uniform sampler2D u_edgeFrameTexture; // Per-edge clamp (tStart, tEnd, straightenFactor, pathLength)
uniform int u_edgeFrameTextureWidth;
`).concat(c?"uniform float u_zoomSizeRatio;  // Zoom-based size ratio from zoomToSizeRatioFunction":"",`

// Edge path attribute texture uniforms (for curvature and other path attributes)
`).concat(v.uniformDeclarations,`

// ============================================================================
// Varyings
// ============================================================================

out vec2 v_texCoord;
out vec4 v_color;
`).concat(t?"out vec4 v_borderColor;":"",`
out float v_edgeFade;  // 0 = fully visible, 1 = fully faded (outside body)
out float v_alphaModifier;  // 0-1 based on label visibility ratio
out float v_fontScale;  // Ratio of rendered font size to atlas font size
`).concat(t?"out float v_positionMode;  // Position mode for conditional border (0=over needs border)":"",`

// ============================================================================
// Constants
// ============================================================================

const float bias = 255.0 / 254.0;
const float FADE_WIDTH_PIXELS = 15.0;  // Width of fade gradient in pixels
const float ATLAS_FONT_SIZE = `).concat(be(Oh),`;  // Base font size used in SDF atlas
const float VERTICAL_CENTER_RATIO = `).concat(be(Uh),`;  // Baseline to visual center ratio

// ============================================================================
// Path Attribute Variables (set in main, used by path functions)
// ============================================================================
// Path attributes are fetched from the edge attribute texture and stored in
// variables with v_ prefix (e.g., v_curvature) for path functions to access.
`).concat(v.vertexVaryingDeclarations.replace(/out /g,""),`

// Node size variables (set in main, used by some path functions like loops).
// These mirror the v_sourceNodeSize / v_targetNodeSize varyings in generator.ts,
// but are plain floats here since the label shader is vertex-only.
float v_sourceNodeSize;
float v_targetNodeSize;

// Shared preamble: shape SDFs, path functions + selectors, clamp, helpers.
`).concat(Oo({paths:a,minVisibilityThreshold:s,fullVisibilityThreshold:u}),`

// ============================================================================
// Main
// ============================================================================

void main() {
  // -------------------------------------------------------------------------
  // Fetch edge data from edge texture (2 texels per edge)
  // -------------------------------------------------------------------------
  // Texel 0: sourceNodeIndex, targetNodeIndex, thickness, reserved
  // Texel 1: headLengthRatio, tailLengthRatio, pathId, extremityIds
  int edgeIdx = int(a_edgeIndex);
  int texel0Idx = edgeIdx * 2;
  int texel1Idx = edgeIdx * 2 + 1;
  ivec2 edgeTexCoord0 = ivec2(texel0Idx % u_edgeDataTextureWidth, texel0Idx / u_edgeDataTextureWidth);
  ivec2 edgeTexCoord1 = ivec2(texel1Idx % u_edgeDataTextureWidth, texel1Idx / u_edgeDataTextureWidth);
  vec4 edgeData0 = texelFetch(u_edgeDataTexture, edgeTexCoord0, 0);
  vec4 edgeData1 = texelFetch(u_edgeDataTexture, edgeTexCoord1, 0);

  // Unpack edge data
  int srcIdx = int(edgeData0.x);
  int tgtIdx = int(edgeData0.y);
  float thickness = edgeData0.z;
  // edgeData0.w is reserved
  float headLengthRatio = edgeData1.x;
  float tailLengthRatio = edgeData1.y;
  int pathId = int(edgeData1.z);  // Path type for multi-path support
  float baseFontSize = a_baseFontSize;

  // -------------------------------------------------------------------------
  // Fetch path attributes from edge attribute texture
  // -------------------------------------------------------------------------
  // Note: The fetch code uses 'edgeIdx' variable, so we set it to the attribute texture index
  {
    int edgeIdx = int(a_edgeAttrIndex);  // Use attribute texture index for path attributes
`).concat(v.fetchCode,`
`).concat(v.varyingAssignments,`
  }

  // -------------------------------------------------------------------------
  // Fetch node data from node texture (geometry texel + rotation-flags texel)
  // -------------------------------------------------------------------------
  vec4 srcNodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, srcIdx);
  vec4 tgtNodeData = readNodeData(u_nodeDataTexture, u_nodeDataTextureWidth, tgtIdx);

  vec2 source = srcNodeData.xy;
  vec2 target = tgtNodeData.xy;
  float sourceSize = srcNodeData.z;
  float targetSize = tgtNodeData.z;
  v_sourceNodeSize = sourceSize;
  v_targetNodeSize = targetSize;
  float charTextOffset = a_charMetrics.x;
  float charAdvance = a_charMetrics.y;
  float totalTextWidth = a_charMetrics.z;
  float positionMode = a_charMetrics.w;
  vec2 charSize = a_charDims.xy;
  vec2 charOffset = a_charDims.zw;
  float margin = a_labelParams.x;

  // -------------------------------------------------------------------------
  // Compute pixel-to-graph conversion (for fixed font size mode)
  // -------------------------------------------------------------------------
  // This converts screen pixels to graph units such that N pixels on screen
  // becomes N pixels regardless of zoom level.
  // matrixScaleX is how much the matrix scales graph units to clip space
  float matrixScaleX = length(vec2(u_matrix[0][0], u_matrix[1][0]));
  float pixelToGraph = 2.0 / (matrixScaleX * u_resolution.x);

  // -------------------------------------------------------------------------
  // Step 1: Convert thickness to WebGL units
  // -------------------------------------------------------------------------
  float webGLThickness = thickness * u_correctionRatio / u_sizeRatio;

  // -------------------------------------------------------------------------
  // Step 2: Compute body bounds (truncated at node boundaries + extremities)
  // -------------------------------------------------------------------------
  vec4 edgeClamp = readFrameTexel(u_edgeFrameTexture, u_edgeFrameTextureWidth, edgeIdx);
  vec3 bodyBounds = computeEdgeLabelBodyBounds(
    edgeClamp.x, edgeClamp.y, edgeClamp.w,
    webGLThickness, headLengthRatio, tailLengthRatio
  );
  float bodyStartDist = bodyBounds.x;
  float bodyEndDist = bodyBounds.y;
  float bodyLength = bodyBounds.z;

  // -------------------------------------------------------------------------
  // Step 3: Compute font scale and text dimensions
  // -------------------------------------------------------------------------
  // Font size modes:
  // - "fixed": Constant pixel size regardless of zoom, using pixelToGraph conversion
  // - "scaled": Scales with zoom using zoomToSizeRatioFunction
  `).concat(c?`// Scaled mode: font scales with zoom
  float fontScale = baseFontSize / ATLAS_FONT_SIZE * u_zoomSizeRatio;
  // Convert glyph-unit metrics to WebGL units (scales with zoom)
  float textWidthWebGL = totalTextWidth * fontScale * u_correctionRatio / u_sizeRatio;
  float charOffsetWebGL = charTextOffset * fontScale * u_correctionRatio / u_sizeRatio;
  float charAdvanceWebGL = charAdvance * fontScale * u_correctionRatio / u_sizeRatio;`:`// Fixed mode: font stays constant in screen pixels
  float fontScale = baseFontSize / ATLAS_FONT_SIZE;
  // Convert glyph-unit metrics to graph units using pixelToGraph (zoom-independent)
  float textWidthWebGL = totalTextWidth * fontScale * pixelToGraph;
  float charOffsetWebGL = charTextOffset * fontScale * pixelToGraph;
  float charAdvanceWebGL = charAdvance * fontScale * pixelToGraph;`,`

  // Font scale varying for fragment shader gamma scaling.
  // Ratio of rendered font size to atlas font size \u2014 used to tighten the
  // anti-aliasing band for large labels so they stay sharp.
  v_fontScale = fontScale;

  // -------------------------------------------------------------------------
  // Step 4: Alpha modifier from how much of the label fits in the body
  // -------------------------------------------------------------------------
  float alphaModifier = computeEdgeLabelAlpha(bodyLength, textWidthWebGL);

  // -------------------------------------------------------------------------
  // Step 5: Compute character center offset (truncation check moved to after curvature adjustment)
  // -------------------------------------------------------------------------
  // Body center in arc distance
  float bodyCenterDist = (bodyStartDist + bodyEndDist) * 0.5;

  float centerT = queryPathTAtDistance(pathId, bodyCenterDist, source, target);
  float screenDir = computeEdgeLabelScreenDir(pathId, centerT, source, target, u_matrix);

  // Reversed labels lay their characters out from target to source
  float readingSign = `).concat(h?"screenDir":"1.0",`;

  // Character center position relative to label center (on centerline, before curvature adjustment)
  float charCenterOffset = readingSign * (charOffsetWebGL + charAdvanceWebGL * 0.5 - textWidthWebGL * 0.5);

  // -------------------------------------------------------------------------
  // Step 6: Compute perpendicular offset based on position mode
  // -------------------------------------------------------------------------
  // Position modes: 0=over, 1=above, 2=below, 3=auto
  // Needed early for curvature-adaptive character spacing in Step 7
  float halfThickness = webGLThickness * 0.5;
  `).concat(c?`// Scaled mode: margin and text height scale with zoom (same factor as font)
  float marginWebGL = margin * u_zoomSizeRatio * u_correctionRatio / u_sizeRatio;
  float halfTextHeight = baseFontSize * 0.35 * u_zoomSizeRatio * u_correctionRatio / u_sizeRatio;`:`// Fixed mode: margin and text height stay constant in screen pixels
  float marginWebGL = margin * pixelToGraph;
  float halfTextHeight = baseFontSize * 0.35 * pixelToGraph;`,`
  float perpOffset = computeEdgeLabelPerpOffset(
    positionMode, halfThickness, marginWebGL, halfTextHeight, readingSign, screenDir
  );

  // -------------------------------------------------------------------------
  // Step 7: Position character on path using offset path traversal
  // -------------------------------------------------------------------------
  // For "over" mode (perpOffset = 0), use simple centerline placement
  // For above/below modes, walk along the offset path to find correct position
  float charT;

  if (perpOffset == 0.0) {
    // Simple case: place on centerline
    float charArcDist = bodyCenterDist + charCenterOffset;
    charT = queryPathTAtDistance(pathId, charArcDist, source, target);
  } else {
    // Offset path traversal: walk along the offset curve to find character position
    // This ensures even character spacing regardless of curvature

    `).concat(f?`// -----------------------------------------------------------------------
    // Corner skip setup for step/taxi edges with above/below labels
    // -----------------------------------------------------------------------
    // At concave corners (inner side of the bend), characters would bunch up
    // because the offset path has near-zero arc length. We detect corner
    // crossings during the offset path traversal and add skip distance.

    // Get corner t values and concavity
    vec2 cornerTs = queryGetCornerTs(pathId, source, target);
    vec2 concavity = queryGetCornerConcavity(pathId, source, target, perpOffset);

    // Skip distance in graph units, proportional to on-screen font size
    // For fixed mode: use pixelToGraph so gap stays constant regardless of zoom
    // For scaled mode: use the same conversion as text width
    `.concat(c?"float skipDistGraph = STEP_INNER_CORNER_SKIP_FACTOR * baseFontSize * u_zoomSizeRatio * u_correctionRatio / u_sizeRatio;":"float skipDistGraph = STEP_INNER_CORNER_SKIP_FACTOR * baseFontSize * pixelToGraph;",`

    // Corner t values for detecting crossings during traversal
    float corner1T = cornerTs.x;
    float corner2T = cornerTs.y;
    bool corner1IsConcave = concavity.x > 0.5;
    bool corner2IsConcave = concavity.y > 0.5;`):"",`

    // Target distance along offset path from center
    float targetOffsetDist = abs(charCenterOffset);

    // Handle center character (charCenterOffset \u2248 0) - no search needed
    if (targetOffsetDist < 0.0001) {
      charT = centerT;
    } else {
      vec2 centerPos = queryPathPosition(pathId, centerT, source, target);
      vec2 centerNormal = queryPathNormal(pathId, centerT, source, target);
      vec2 offsetCenter = centerPos + centerNormal * perpOffset;

      float searchDir = charCenterOffset > 0.0 ? 1.0 : -1.0;

      // Search bounds (t values for body start and end)
      float tBodyStart = queryPathTAtDistance(pathId, bodyStartDist, source, target);
      float tBodyEnd = queryPathTAtDistance(pathId, bodyEndDist, source, target);

      // Walk along offset path to find character position
      float accumDist = 0.0;
      vec2 prevOffsetPos = offsetCenter;
      float prevT = centerT;
      float foundT = centerT;

      // Search range depends on direction
      float tSearchEnd = searchDir > 0.0 ? tBodyEnd : tBodyStart;

      `).concat(f?`// Track which concave corners we've crossed to add skip distance
      bool crossedCorner1 = false;
      bool crossedCorner2 = false;
      float effectiveTargetDist = targetOffsetDist;`:"",`

      const int STEPS = 32;
      for (int i = 1; i <= STEPS; i++) {
        // Step along centerline t, from center toward target
        float stepT = centerT + searchDir * float(i) * abs(tSearchEnd - centerT) / float(STEPS);

        `).concat(f?`// Check for concave corner crossings and add skip distance
        // Corner 1 crossing check
        if (corner1IsConcave && !crossedCorner1) {
          bool crossingCorner1 = (searchDir > 0.0)
            ? (prevT < corner1T && stepT >= corner1T)
            : (prevT > corner1T && stepT <= corner1T);
          if (crossingCorner1) {
            crossedCorner1 = true;
            effectiveTargetDist += skipDistGraph;
          }
        }

        // Corner 2 crossing check
        if (corner2IsConcave && !crossedCorner2) {
          bool crossingCorner2 = (searchDir > 0.0)
            ? (prevT < corner2T && stepT >= corner2T)
            : (prevT > corner2T && stepT <= corner2T);
          if (crossingCorner2) {
            crossedCorner2 = true;
            effectiveTargetDist += skipDistGraph;
          }
        }`:"",`

        // Compute offset position at this t
        vec2 stepPos = queryPathPosition(pathId, stepT, source, target);
        vec2 stepNormal = queryPathNormal(pathId, stepT, source, target);
        vec2 offsetPos = stepPos + stepNormal * perpOffset;

        // Distance along offset path
        float segDist = length(offsetPos - prevOffsetPos);

        `).concat(f?`if (accumDist + segDist >= effectiveTargetDist) {
          // Interpolate within segment to find exact t
          float remaining = effectiveTargetDist - accumDist;
          float segT = remaining / max(segDist, 0.0001);
          foundT = mix(prevT, stepT, segT);
          break;
        }`:`if (accumDist + segDist >= targetOffsetDist) {
          // Interpolate within segment to find exact t
          float remaining = targetOffsetDist - accumDist;
          float segT = remaining / max(segDist, 0.0001);
          foundT = mix(prevT, stepT, segT);
          break;
        }`,`

        accumDist += segDist;
        prevOffsetPos = offsetPos;
        prevT = stepT;
        // Update foundT to last valid position in case loop exhausts without finding target
        foundT = stepT;
      }

      charT = foundT;
    }
  }

  // Get position and tangent at final character position
  vec2 pathPos = queryPathPosition(pathId, charT, source, target);
  vec2 tangent = queryPathTangent(pathId, charT, source, target);

  // Compute perpendicular direction (90 degrees from tangent)
  vec2 perpDir = vec2(-tangent.y, tangent.x);

  // Apply perpendicular offset to path position
  vec2 offsetPathPos = pathPos + perpDir * perpOffset;

  // -------------------------------------------------------------------------
  // Step 8: Build character quad
  // -------------------------------------------------------------------------
  // Character size in screen pixels
  vec2 charSizePixels = charSize * fontScale;

  // Character offset from origin to the atlas region's top-left corner.
  // bearingX/bearingY already include the SDF buffer.
  vec2 charOffsetPixels = charOffset * fontScale;

  // The character's local X offset from pathPos (which is at character center)
  float charLocalX = -charAdvance * 0.5 * fontScale;

  // Build quad position:
  // - Start at character origin (charLocalX on X axis, 0 on Y axis = baseline)
  // - Add bearing offset to get to atlas region corner
  // - Add quad corner * size to get vertex position
  vec2 quadPos;
  quadPos.x = charLocalX + charOffsetPixels.x + a_quadCorner.x * charSizePixels.x;
  // charOffset.y = -bearingY (negated), so -charOffsetPixels.y = bearingY * fontScale
  // (distance from baseline to atlas region top, positive = upward)
  // Quad corner (0,0) = bottom-left, (1,1) = top-right
  quadPos.y = -charOffsetPixels.y - charSizePixels.y * (1.0 - a_quadCorner.y);

  // Center vertically on the path by offsetting by half the visual text height
  // VERTICAL_CENTER_RATIO is the distance from baseline to visual center as a ratio of atlas font size
  float verticalCenterOffset = VERTICAL_CENTER_RATIO * ATLAS_FONT_SIZE * fontScale;
  quadPos.y -= verticalCenterOffset;

  // -------------------------------------------------------------------------
  // Step 9: Rotate quad to align with tangent
  // -------------------------------------------------------------------------
  // Rotation matrix from the reading direction
  // readingDir = (cos(angle), sin(angle)), so we can build rotation directly
  vec2 readingDir = tangent * readingSign;
  mat2 rotation = mat2(readingDir.x, readingDir.y, -readingDir.y, readingDir.x);

  // Convert pixel offset to WebGL units for rotation
  `).concat(c?"vec2 quadPosWebGL = quadPos * u_correctionRatio / u_sizeRatio; // Scaled mode":"vec2 quadPosWebGL = quadPos * pixelToGraph; // Fixed mode: use pixelToGraph for zoom-independent size",`

  // Rotate around character center on path
  vec2 rotatedOffset = rotation * quadPosWebGL;

  // Final position in graph space (using offset path position for above/below modes)
  vec2 worldPos = offsetPathPos + rotatedOffset;

  // -------------------------------------------------------------------------
  // Step 10: Transform to clip space
  // -------------------------------------------------------------------------
  vec3 clipPos = u_matrix * vec3(worldPos, 1.0);
  gl_Position = vec4(clipPos.xy, 0.0, 1.0);

  // -------------------------------------------------------------------------
  // Step 11: Texture coordinates
  // -------------------------------------------------------------------------
  // Flip Y for texture coordinates (texture Y goes down, quad Y goes up)
  vec2 texCorner = vec2(a_quadCorner.x, 1.0 - a_quadCorner.y);
  v_texCoord = (a_texCoords.xy + texCorner * a_texCoords.zw) / u_atlasSize;

  // -------------------------------------------------------------------------
  // Step 12: Pass color, border color, and alpha modifier
  // -------------------------------------------------------------------------
  v_color = a_color;
  v_color.a *= bias;
`).concat(t?`  v_borderColor = a_borderColor;
  v_borderColor.a *= bias;
  v_positionMode = positionMode;`:"",`
  v_alphaModifier = alphaModifier;

  // -------------------------------------------------------------------------
  // Step 13: Compute edge fade for soft truncation
  // -------------------------------------------------------------------------
  // Convert fade width from pixels to WebGL units
  `).concat(c?"float fadeWidthWebGL = FADE_WIDTH_PIXELS * u_correctionRatio / u_sizeRatio;":"float fadeWidthWebGL = FADE_WIDTH_PIXELS * pixelToGraph;",`

  // Compute the arc position of THIS VERTEX (not just character center)
  // The quad extends from charCenter - advance/2 to charCenter + advance/2
  // a_quadCorner.x is 0 for left edge, 1 for right edge
  float vertexLocalOffset = readingSign * (a_quadCorner.x - 0.5) * charAdvanceWebGL;
  float vertexArcOffset = charCenterOffset + vertexLocalOffset;

  // Compute distance from body edges (positive = inside body, negative = outside)
  float halfBody = bodyLength * 0.5;
  float distFromStart = vertexArcOffset + halfBody;  // Distance from body start edge
  float distFromEnd = halfBody - vertexArcOffset;    // Distance from body end edge
  float distFromEdge = min(distFromStart, distFromEnd);

  // Compute fade: 0 = fully visible (deep inside body), 1 = fully faded (at body edge)
  // Fade goes from 0 (at 2*fadeWidth inside) to 1 (at body edge)
  // This ensures text is fully transparent before reaching extremities
  v_edgeFade = 1.0 - smoothstep(0.0, fadeWidthWebGL * 2.0, distFromEdge);
}
`);return p}function Hh(){var n=arguments.length>0&&arguments[0]!==void 0?arguments[0]:{},a=n.hasBorder,e=a===void 0?!1:a,t=`#version 300 es
precision highp float;

in vec2 v_texCoord;
in vec4 v_color;
`.concat(e?"in vec4 v_borderColor;":"",`
in float v_edgeFade;  // 0 = fully visible, 1 = fully faded
in float v_alphaModifier;  // 0-1 based on label visibility ratio
in float v_fontScale;  // Ratio of rendered font size to atlas font size
`).concat(e?"in float v_positionMode;  // Position mode (0=over, 1=above, 2=below, 3=auto)":"",`

uniform sampler2D u_atlas;
uniform float u_gamma;
uniform float u_sdfBuffer;
uniform float u_pixelRatio;
`).concat(e?"uniform float u_borderWidth;  // Border width in SDF units (normalized)":"",`

// Fragment output (single target - picking handled via separate pass)
out vec4 fragColor;

void main() {
  #ifdef PICKING_MODE
    // Edge labels are not pickable - discard all fragments in picking mode
    fragColor = vec4(0.0);
    discard;
  #else
  // SDF stores normalized distance: 0.5 = on edge, >0.5 = inside glyph
  float sdfValue = texture(u_atlas, v_texCoord).a;

  // Edge threshold accounting for SDF buffer padding
  float edge = 1.0 - u_sdfBuffer;

  // Scale gamma inversely with font scale so small labels get a wider AA band
  // (smoother) and large labels get a tighter band (sharper).
  float aaWidth = u_gamma / (u_pixelRatio * v_fontScale);

  // Apply edge fade for soft truncation at body boundaries
  // Also apply visibility-based alpha modifier for short edge labels
  float edgeAlpha = (1.0 - v_edgeFade) * v_alphaModifier;

`).concat(e?`  // Fill alpha: fully opaque inside the glyph
  float fillAlpha = smoothstep(edge - aaWidth, edge + aaWidth, sdfValue);

  // Only apply border for "over" position mode (v_positionMode == 0.0)
  // Labels positioned above/below/auto don't overlap the edge line and don't need borders
  if (v_positionMode < 0.5) {
    // Border rendering: compute alpha for both fill and border regions
    // Border extends from (edge - borderWidth) to edge
    float borderEdge = edge - u_borderWidth;

    // Border alpha: opaque in the border region (between borderEdge and edge)
    float borderAlpha = smoothstep(borderEdge - aaWidth, borderEdge + aaWidth, sdfValue);

    // Composite: fill on top of border
    // Border is visible where borderAlpha > 0 but fillAlpha < 1
    vec3 borderColorPremult = v_borderColor.rgb * v_borderColor.a * borderAlpha * edgeAlpha;
    vec3 fillColorPremult = v_color.rgb * v_color.a * fillAlpha * edgeAlpha;

    // Blend fill over border (fill replaces border where fill is opaque)
    float finalBorderAlpha = borderAlpha * (1.0 - fillAlpha);
    vec3 finalColor = fillColorPremult + v_borderColor.rgb * v_borderColor.a * finalBorderAlpha * edgeAlpha;
    float finalAlpha = (v_color.a * fillAlpha + v_borderColor.a * finalBorderAlpha) * edgeAlpha;

    fragColor = vec4(finalColor, finalAlpha);
  } else {
    // No border for above/below/auto positions - simple text rendering
    float finalAlpha = v_color.a * fillAlpha * edgeAlpha;
    fragColor = vec4(v_color.rgb * finalAlpha, finalAlpha);
  }`:`  // Smooth transition from transparent to opaque at glyph edge
  float alpha = smoothstep(edge - aaWidth, edge + aaWidth, sdfValue);

  // Premultiplied alpha output
  float finalAlpha = v_color.a * alpha * edgeAlpha;
  fragColor = vec4(v_color.rgb * finalAlpha, finalAlpha);`,`
  #endif
}
`);return t}function $h(n){var a=arguments.length>1&&arguments[1]!==void 0?arguments[1]:!1,e=arguments.length>2&&arguments[2]!==void 0?arguments[2]:"fixed",t=["u_matrix","u_sizeRatio","u_correctionRatio","u_pixelRatio","u_cameraAngle","u_sdfBufferPixels","u_resolution","u_atlasSize","u_atlas","u_gamma","u_sdfBuffer","u_nodeDataTexture","u_nodeDataTextureWidth","u_edgeDataTexture","u_edgeDataTextureWidth","u_edgeFrameTexture","u_edgeFrameTextureWidth","u_edgeAttributeTexture","u_edgeAttributeTextureWidth","u_edgeAttributeTexelsPerEdge"];e==="scaled"&&t.push("u_zoomSizeRatio"),a&&t.push("u_borderWidth");var r=U(n),i;try{for(r.s();!(i=r.n()).done;){var o=i.value,s=U(o.uniforms),l;try{for(s.s();!(l=s.n()).done;){var u=l.value;t.includes(u.name)||t.push(u.name)}}catch(d){s.e(d)}finally{s.f()}}}catch(d){r.e(d)}finally{r.f()}return t}function jh(n){var a=n.hasBorder,e=a===void 0?!1:a,t=n.fontSizeMode,r=t===void 0?"fixed":t;return{vertexShader:Bh(n),fragmentShader:Hh({hasBorder:e}),uniforms:$h(n.paths,e,r)}}var Vh=new Map;function qh(n){switch(n){case"over":return 0;case"above":return 1;case"below":return 2;case"auto":return 3;default:return 0}}function Xh(n,a,e,t){var r=t.color,i=t.margin,o=t.textBorder,s=Bo(t),l=s.paths,u=s.fontSizeMode,d=s.minVisibilityThreshold,h=s.fullVisibilityThreshold,c=s.keepUpright,f=!!o,g=jh({paths:l,hasBorder:f,fontSizeMode:u,minVisibilityThreshold:d,fullVisibilityThreshold:h,keepUpright:c}),m=function(v){function p(y,b,_){var x;te(this,p),x=ge(this,p,[y,b,_]),D(x,"atlasTexture",null),D(x,"atlasNeedsUpdate",!1),D(x,"refreshTimeout",null),D(x,"labelGlyphCache",new Map),D(x,"edgeAttributeTexture",null);var E=Pt();if(x.attributeLayout=$e([].concat(Z(l),[E])),x.attrDescriptors=Ia([].concat(Z(l),[E]),x.attributeLayout),x.edgeAttributeTexture=new Pa(y,x.attributeLayout),x.packedAttributeData=new Float32Array(x.attributeLayout.floatsPerItem),x.atlasManager=new Gt,x.gamma=.025,x.sdfBuffer=et.cutoff,x.atlasTexture=y.createTexture(),!x.atlasTexture)throw new Error("EdgeLabelProgram: failed to create atlas texture");y.bindTexture(y.TEXTURE_2D,x.atlasTexture),y.texParameteri(y.TEXTURE_2D,y.TEXTURE_WRAP_S,y.CLAMP_TO_EDGE),y.texParameteri(y.TEXTURE_2D,y.TEXTURE_WRAP_T,y.CLAMP_TO_EDGE),y.texParameteri(y.TEXTURE_2D,y.TEXTURE_MIN_FILTER,y.LINEAR),y.texParameteri(y.TEXTURE_2D,y.TEXTURE_MAG_FILTER,y.LINEAR),y.bindTexture(y.TEXTURE_2D,null),x.atlasManager.on(Gt.ATLAS_UPDATED_EVENT,function(){x.atlasNeedsUpdate=!0,x.refreshTimeout!==null&&clearTimeout(x.refreshTimeout),x.refreshTimeout=setTimeout(function(){x.refreshTimeout=null,x.renderer.refresh()},0)});var w={family:"sans-serif",weight:"normal",style:"normal"};return x.defaultFontKey=x.atlasManager.registerFont(w),x}return pe(p,v),ne(p,[{key:"getDefinition",value:function(){var b=WebGL2RenderingContext,_=b.FLOAT,x=b.UNSIGNED_BYTE,E=b.TRIANGLE_STRIP,w=new Set,A=[],S=U(l),C;try{for(S.s();!(C=S.n()).done;){var G=C.value,L=U(G.attributes),N;try{for(L.s();!(N=L.n()).done;){var k=N.value,I=k.name.startsWith("a_")?k.name:"a_".concat(k.name);w.has(I)||(w.add(I),A.push({name:I,size:k.size,type:k.type}))}}catch(W){L.e(W)}finally{L.f()}}}catch(W){S.e(W)}finally{S.f()}return{VERTICES:4,VERTEX_SHADER_SOURCE:g.vertexShader,FRAGMENT_SHADER_SOURCE:g.fragmentShader,METHOD:E,UNIFORMS:g.uniforms,ATTRIBUTES:[{name:"a_edgeIndex",size:1,type:_},{name:"a_edgeAttrIndex",size:1,type:_},{name:"a_baseFontSize",size:1,type:_},{name:"a_charMetrics",size:4,type:_},{name:"a_charDims",size:4,type:_},{name:"a_texCoords",size:4,type:_},{name:"a_labelParams",size:2,type:_},{name:"a_color",size:4,type:x,normalized:!0}].concat(Z(f?[{name:"a_borderColor",size:4,type:x,normalized:!0}]:[]),Z(A.filter(function(W){return!["a_curvature","curvature"].includes(W.name)}))),CONSTANT_ATTRIBUTES:[{name:"a_quadCorner",size:2,type:_}],CONSTANT_DATA:[[0,0],[1,0],[0,1],[1,1]]}}},{key:"prepareLabelGlyphs",value:function(b,_){if(_.hidden||!_.text){this.labelGlyphCache.delete(b);return}var x=_.text,E=_.fontKey||this.defaultFontKey;this.atlasManager.ensureGlyphs(x,E);var w=[],A=[],S=0,C=U(x),G;try{for(C.s();!(G=C.n()).done;){var L=G.value,N=L.codePointAt(0);if(N===void 0){w.push(void 0),A.push(S);continue}var k=this.atlasManager.getGlyph(N,E);w.push(k),A.push(S),k&&(S+=k.advance)}}catch(I){C.e(I)}finally{C.f()}this.labelGlyphCache.set(b,{glyphs:w,xOffsets:A,totalWidth:S})}},{key:"processCharacter",value:function(b,_,x,E){var w,A,S,C=this.floats,G=this.STRIDE,L=b*G,N=this.labelGlyphCache.get(_.parentKey);if(!N||!N.glyphs[E]){for(var k=0;k<G;k++)C[L+k]=0;return}var I=N.glyphs[E],W=N.xOffsets[E],P=p.labelColor,T=P&&ae(P)==="object"&&"color"in P&&P.color?P.color:_.color,F=Be(T),O=L;C[O++]=_.edgeIndex,C[O++]=(w=(A=this.edgeAttributeTexture)===null||A===void 0?void 0:A.getIndex(_.parentKey))!==null&&w!==void 0?w:0,C[O++]=_.size,C[O++]=W,C[O++]=I.advance,C[O++]=N.totalWidth,C[O++]=qh(_.position),C[O++]=I.atlasWidth,C[O++]=I.atlasHeight,C[O++]=I.bearingX,C[O++]=-I.bearingY,C[O++]=I.atlasX,C[O++]=I.atlasY,C[O++]=I.atlasWidth,C[O++]=I.atlasHeight;var z=(S=p.labelMargin)!==null&&S!==void 0?S:_.margin;if(C[O++]=z,C[O++]=0,C[O++]=F,f&&o){var R;typeof o.color=="string"?R=o.color:R=o.color.color||"#ffffff",C[O++]=Be(R)}var V=new Set,j=U(l),K;try{for(j.s();!(K=j.n()).done;){var Se=K.value,ue=U(Se.attributes),Y;try{for(ue.s();!(Y=ue.n()).done;){var Je=Y.value,Re=Je.name.startsWith("a_")?Je.name.slice(2):Je.name;if(Re!=="curvature"&&!V.has(Re)){V.add(Re);for(var Dt=0;Dt<Je.size;Dt++)C[O++]=0}}}catch(Xe){ue.e(Xe)}finally{ue.f()}}}catch(Xe){j.e(Xe)}finally{j.f()}}},{key:"processEdgeLabel",value:function(b,_,x){if(this.prepareLabelGlyphs(b,x),this.edgeAttributeTexture&&!x.hidden&&x.text){this.edgeAttributeTexture.allocate(b);var E=this.packedAttributeData;Fa(this.attrDescriptors,x.edgeAttributes,E,"",Vh,0),this.edgeAttributeTexture.updateAllAttributes(b,E)}return Ee(p,"processLabel",this,3)([b,_,x])}},{key:"updateAtlasTexture",value:function(){if(this.atlasNeedsUpdate){var b=this.normalProgram.gl,_=this.atlasManager.getTextures();if(_.length!==0){var x=_[0];b.bindTexture(b.TEXTURE_2D,this.atlasTexture),b.texImage2D(b.TEXTURE_2D,0,b.RGBA,x.width,x.height,0,b.RGBA,b.UNSIGNED_BYTE,x.data),b.bindTexture(b.TEXTURE_2D,null),this.atlasNeedsUpdate=!1}}}},{key:"setUniforms",value:function(b,_){var x=_.gl,E=_.uniformLocations,w=this.atlasManager.getTextures(),A=w.length>0?[w[0].width,w[0].height]:[1,1];if(x.uniformMatrix3fv(E.u_matrix,!1,b.matrix),x.uniform1f(E.u_sizeRatio,b.sizeRatio),x.uniform1f(E.u_correctionRatio,b.correctionRatio),x.uniform1f(E.u_pixelRatio,b.pixelRatio),x.uniform1f(E.u_cameraAngle,b.cameraAngle),x.uniform1f(E.u_sdfBufferPixels,et.buffer),x.uniform2f(E.u_resolution,b.width,b.height),x.uniform2f(E.u_atlasSize,A[0],A[1]),x.uniform1f(E.u_gamma,this.gamma),x.uniform1f(E.u_sdfBuffer,this.sdfBuffer),x.activeTexture(x.TEXTURE0),x.bindTexture(x.TEXTURE_2D,this.atlasTexture),x.uniform1i(E.u_atlas,0),E.u_nodeDataTexture!==void 0&&x.uniform1i(E.u_nodeDataTexture,b.nodeDataTextureUnit),E.u_nodeDataTextureWidth!==void 0&&x.uniform1i(E.u_nodeDataTextureWidth,b.nodeDataTextureWidth),E.u_edgeDataTexture!==void 0&&x.uniform1i(E.u_edgeDataTexture,b.edgeDataTextureUnit),E.u_edgeDataTextureWidth!==void 0&&x.uniform1i(E.u_edgeDataTextureWidth,b.edgeDataTextureWidth),E.u_edgeFrameTexture!==void 0&&x.uniform1i(E.u_edgeFrameTexture,b.edgeFrameTextureUnit),E.u_edgeFrameTextureWidth!==void 0&&x.uniform1i(E.u_edgeFrameTextureWidth,b.edgeFrameTextureWidth),f&&o&&E.u_borderWidth!==void 0){var S=o.width/et.buffer*this.sdfBuffer;x.uniform1f(E.u_borderWidth,S)}if(this.edgeAttributeTexture&&E.u_edgeAttributeTexture!==void 0&&(this.edgeAttributeTexture.bind(_t),x.uniform1i(E.u_edgeAttributeTexture,_t),x.uniform1i(E.u_edgeAttributeTextureWidth,this.edgeAttributeTexture.getTextureWidth()),x.uniform1i(E.u_edgeAttributeTexelsPerEdge,this.edgeAttributeTexture.getTexelsPerItem())),u==="scaled"&&E.u_zoomSizeRatio!==void 0){var C=this.renderer.getSetting("zoomToSizeRatioFunction"),G=1/C(b.zoomRatio);x.uniform1f(E.u_zoomSizeRatio,G)}}},{key:"renderProgram",value:function(b,_){this.updateAtlasTexture(),this.atlasManager.hasPendingGlyphs()&&(this.atlasManager.flush(),this.updateAtlasTexture()),this.edgeAttributeTexture&&this.edgeAttributeTexture.upload(),Ee(p,"renderProgram",this,3)([b,_])}},{key:"registerFont",value:function(b){var _=arguments.length>1&&arguments[1]!==void 0?arguments[1]:"normal",x=arguments.length>2&&arguments[2]!==void 0?arguments[2]:"normal";return this.atlasManager.registerFont({family:b,weight:_,style:x})}},{key:"getAtlasManager",value:function(){return this.atlasManager}},{key:"ensureGlyphsReady",value:function(b,_){var x=_||this.defaultFontKey,E=U(b),w;try{for(E.s();!(w=E.n()).done;){var A=w.value;this.atlasManager.ensureGlyphs(A,x)}}catch(S){E.e(S)}finally{E.f()}this.atlasManager.flush()}},{key:"measureLabelAtlasWidth",value:function(b,_){var x=_||this.defaultFontKey;this.atlasManager.ensureGlyphs(b,x),this.atlasManager.hasPendingGlyphs()&&this.atlasManager.flush();var E=0,w=U(b),A;try{for(w.s();!(A=w.n()).done;){var S=A.value,C=S.codePointAt(0);if(C!==void 0){var G=this.atlasManager.getGlyph(C,x);G&&(E+=G.advance)}}}catch(L){w.e(L)}finally{w.f()}return E}},{key:"measureLabel",value:function(b,_,x){var E=this.measureLabelAtlasWidth(b,x),w=_/et.fontSize;return{width:E*w,height:_,textHeight:_}}},{key:"kill",value:function(){var b=this.normalProgram.gl;this.refreshTimeout!==null&&(clearTimeout(this.refreshTimeout),this.refreshTimeout=null),this.atlasTexture&&(b.deleteTexture(this.atlasTexture),this.atlasTexture=null),this.edgeAttributeTexture&&(this.edgeAttributeTexture.kill(),this.edgeAttributeTexture=null),this.atlasManager.destroy(),this.labelGlyphCache.clear(),Ee(p,"kill",this,3)([])}}])}(Io);return D(m,"labelColor",r),D(m,"labelMargin",i),new m(n,a,e)}function Yh(){var n=`
// No extremity - always returns positive (outside)
float extremity_none(vec2 uv, float lengthRatio, float widthRatio) {
  return 1.0;
}
`;return{name:"none",glsl:n,length:0,widthFactor:1,margin:0,uniforms:[],attributes:[]}}function Ho(n,a,e,t,r,i,o){var s,l,u=Wo(t),d=u.paths,h=u.layers,c=u.defaultHead,f=u.defaultTail,g=[Yh()].concat(Z(u.extremities)),m={},v={};d.forEach(function(L,N){return m[L.name]=N}),g.forEach(function(L,N){return v[L.name]=N});var p=(s=v[c])!==null&&s!==void 0?s:0,y=(l=v[f])!==null&&l!==void 0?l:0,b=null,_=$e([].concat(Z(d),Z(h))),x=function(L){function N(k,I,W){var P;te(this,N),b||(b=xo({paths:d,extremities:g,layers:h,antialias:r})),P=ge(this,N,[k,I,W]),D(P,"layerLifecycles",new Map),D(P,"needsShaderRegeneration",!1),D(P,"edgeAttributeTexture",null),D(P,"layout",_),D(P,"attrDescriptors",[]),D(P,"lifecycleIndexOffset",d.length),P._pickingBuffer=I,P.edgeAttributeTexture=new Pa(k,P.layout),P.packedAttributeData=new Float32Array(P.layout.floatsPerItem),h.forEach(function(F,O){if(F.lifecycle){var z={gl:k,renderer:{refresh:function(){return W.refresh()}},getUniformLocation:function(V){return k.getUniformLocation(P.normalProgram.program,V)},requestShaderRegeneration:function(){P.needsShaderRegeneration=!0},requestRefresh:function(){W.refresh()}};P.layerLifecycles.set(O,F.lifecycle(z))}}),P.layerLifecycles.forEach(function(F){var O;return(O=F.init)===null||O===void 0?void 0:O.call(F)});var T=new Map;return P.layerLifecycles.forEach(function(F,O){F.getAttributeData&&T.set(d.length+O,F)}),P.attrDescriptors=Ia([].concat(Z(d),Z(h)),P.layout,T),P}return pe(N,L),ne(N,[{key:"getAttributeTexture",value:function(){return this.edgeAttributeTexture}},{key:"resolveEdgeIds",value:function(I,W,P){var T=I,F=0,O=p,z=y,R=W?T.selfLoopPath:P&&T.parallelPath?T.parallelPath:T.path;R&&m[R]!==void 0&&(F=m[R]),T.head&&T.head!=="none"&&v[T.head]!==void 0&&(O=v[T.head]),T.tail&&T.tail!=="none"&&v[T.tail]!==void 0&&(z=v[T.tail]);var V=g[O],j=g[z];return{pathId:F,headId:O,tailId:z,headLengthRatio:dt(V.length)?0:V.length,tailLengthRatio:dt(j.length)?0:j.length}}},{key:"getDefinition",value:function(){var I=WebGL2RenderingContext,W=I.TRIANGLE_STRIP,P=W,T=b;return{VERTICES:T.verticesPerEdge,VERTEX_SHADER_SOURCE:T.vertexShader,FRAGMENT_SHADER_SOURCE:T.fragmentShader,METHOD:P,UNIFORMS:T.uniforms,ATTRIBUTES:T.attributes,CONSTANT_ATTRIBUTES:T.constantAttributes,CONSTANT_DATA:T.constantData}}},{key:"maybeRegenerateShaders",value:function(){var I=this;if(this.needsShaderRegeneration){this.needsShaderRegeneration=!1;var W=h.map(function(V,j){var K=I.layerLifecycles.get(j);return K!=null&&K.regenerate?K.regenerate():V});b=xo({paths:d,extremities:g,layers:W,antialias:this.renderer.getSetting("antialiasEdges")});var P=this.normalProgram.gl,T=this.normalProgram,F=T.program,O=T.buffer,z=T.vertexShader,R=T.fragmentShader;P.deleteProgram(F),P.deleteBuffer(O),P.deleteShader(z),P.deleteShader(R),this.normalProgram=this.getProgramInfo("normal",P,b.vertexShader,b.fragmentShader,this._pickingBuffer)}}},{key:"process",value:function(I,W,P,T,F,O){var z=W*this.STRIDE;if(F.visibility==="hidden"||P.visibility==="hidden"||T.visibility==="hidden"){for(var R=z+this.STRIDE;z<R;z++)this.floats[z]=0;this.floats[W*this.STRIDE]=Lo;return}this.processVisibleItem(tn(I),z,P,T,F,O)}},{key:"processVisibleItem",value:function(I,W,P,T,F,O){var z,R=this.floats,V=this.ints;R[W++]=O,R[W++]=Be(F.color),V[W++]=I,R[W++]=(z=F.opacity)!==null&&z!==void 0?z:1;var j=this.packedAttributeData;Fa(this.attrDescriptors,F,j,F.color,this.layerLifecycles,this.lifecycleIndexOffset),this.edgeAttributeTexture.updateAllAttributesAtRow(O,j)}},{key:"setUniforms",value:function(I,W){var P=this,T=W.gl,F=W.uniformLocations;F.u_matrix&&T.uniformMatrix3fv(F.u_matrix,!1,I.matrix),F.u_sizeRatio&&T.uniform1f(F.u_sizeRatio,I.sizeRatio),F.u_correctionRatio&&T.uniform1f(F.u_correctionRatio,I.correctionRatio),F.u_zoomRatio&&T.uniform1f(F.u_zoomRatio,I.zoomRatio),F.u_pixelRatio&&T.uniform1f(F.u_pixelRatio,I.pixelRatio),F.u_cameraAngle&&T.uniform1f(F.u_cameraAngle,I.cameraAngle),F.u_feather&&T.uniform1f(F.u_feather,I.antiAliasingFeather),F.u_minEdgeThickness&&T.uniform1f(F.u_minEdgeThickness,I.minEdgeThickness),F.u_pickingPadding&&T.uniform1f(F.u_pickingPadding,I.edgePickingPadding),F.u_nodeDataTexture&&T.uniform1i(F.u_nodeDataTexture,I.nodeDataTextureUnit),F.u_nodeDataTextureWidth&&T.uniform1i(F.u_nodeDataTextureWidth,I.nodeDataTextureWidth),F.u_edgeDataTexture&&T.uniform1i(F.u_edgeDataTexture,I.edgeDataTextureUnit),F.u_edgeDataTextureWidth&&T.uniform1i(F.u_edgeDataTextureWidth,I.edgeDataTextureWidth),F.u_edgeFrameTexture&&T.uniform1i(F.u_edgeFrameTexture,I.edgeFrameTextureUnit),F.u_edgeFrameTextureWidth&&T.uniform1i(F.u_edgeFrameTextureWidth,I.edgeFrameTextureWidth),this.edgeAttributeTexture&&this.layout.floatsPerItem>0&&(this.edgeAttributeTexture.bind(_t),F.u_edgeAttributeTexture&&T.uniform1i(F.u_edgeAttributeTexture,_t),F.u_edgeAttributeTextureWidth&&T.uniform1i(F.u_edgeAttributeTextureWidth,this.edgeAttributeTexture.getTextureWidth()),F.u_edgeAttributeTexelsPerEdge&&T.uniform1i(F.u_edgeAttributeTexelsPerEdge,this.edgeAttributeTexture.getTexelsPerItem()));var O=new Set;d.forEach(function(z){z.uniforms.forEach(function(R){O.has(R.name)||(O.add(R.name),P.setTypedUniform(R,W))})}),g.forEach(function(z){z.uniforms.forEach(function(R){O.has(R.name)||(O.add(R.name),P.setTypedUniform(R,W))})}),h.forEach(function(z){z.uniforms.forEach(function(R){O.has(R.name)||(O.add(R.name),P.setTypedUniform(R,W))})})}},{key:"render",value:function(I,W,P){this.maybeRegenerateShaders(),Ee(N,"render",this,3)([I,W,P])}},{key:"renderProgram",value:function(I,W){this.layerLifecycles.forEach(function(P){var T;return(T=P.beforeRender)===null||T===void 0?void 0:T.call(P)}),Ee(N,"renderProgram",this,3)([I,W])}},{key:"uploadAttributeTexture",value:function(){this.edgeAttributeTexture&&this.layout.floatsPerItem>0&&this.edgeAttributeTexture.upload()}},{key:"kill",value:function(){this.layerLifecycles.forEach(function(I){var W;return(W=I.kill)===null||W===void 0?void 0:W.call(I)}),this.edgeAttributeTexture&&(this.edgeAttributeTexture.kill(),this.edgeAttributeTexture=null),Ee(N,"kill",this,3)([])}}])}(Nt),E=g[p],w=g[y],A=H({paths:d,headLengthRatio:dt(E.length)?0:E.length,tailLengthRatio:dt(w.length)?0:w.length},t.label),S=Bo(A),C=function(){return{labelProgram:Xh(n,null,e,A),labelBackgroundProgram:Mh(n,a,e,{shaderConfig:S})}},G=new Lh(n,{paths:d,extremities:g,layers:h,nodeShapes:i,nodeLayers:o});return{edgeProgram:new x(n,null,e),createLabelPrograms:C,framePass:G}}function Kh(n){return ae(n)==="object"&&"uniforms"in n&&Array.isArray(n.uniforms)}function Zh(n){return ae(n)==="object"&&"uniforms"in n&&"attributes"in n&&"glsl"in n}function Qh(n){return ae(n)==="object"&&"uniforms"in n&&"attributes"in n&&"segments"in n}function Jh(n){return ae(n)==="object"&&"uniforms"in n&&"attributes"in n&&"length"in n}function ec(n){return ae(n)==="object"&&"uniforms"in n&&"attributes"in n&&"glsl"in n}function tc(n){return ae(n)==="object"&&"glsl"in n&&"name"in n&&!("uniforms"in n)}function nc(n){return ae(n)==="object"&&"glsl"in n&&"name"in n&&!("uniforms"in n)}function ac(n){return ae(n)==="object"&&"glsl"in n&&"name"in n&&!("uniforms"in n)}function rc(n){if(Kh(n))return n;if(tc(n))return{name:n.name,glsl:n.glsl,inradiusFactor:n.inradiusFactor,uniforms:[]};throw new Error("Invalid node shape specification: ".concat(JSON.stringify(n)))}function ic(n){if(Zh(n))return n;if($i(n))return{name:n.name,glsl:n.glsl,uniforms:[],attributes:[]};throw new Error("Invalid node layer specification: ".concat(JSON.stringify(n)))}function oc(n){if(Qh(n))return n;if(nc(n))return{name:n.name,glsl:n.glsl,segments:n.segments,uniforms:[],attributes:[]};throw new Error("Invalid edge path specification: ".concat(JSON.stringify(n)))}function sc(n){if(ec(n))return n;if(ji(n))return{name:n.name,glsl:n.glsl,uniforms:[],attributes:[]};throw new Error("Invalid edge layer specification: ".concat(JSON.stringify(n)))}function lc(n){if(Jh(n))return n;if(ac(n))return{name:n.name,glsl:n.glsl,length:n.length,widthFactor:n.widthFactor,margin:0,uniforms:[],attributes:[]};throw new Error("Invalid edge extremity specification: ".concat(JSON.stringify(n)))}function $o(n){var a,e,t=(a=n?.shapes)!==null&&a!==void 0?a:Dn.shapes,r=(e=n?.layers)!==null&&e!==void 0?e:Dn.layers,i=t.map(rc),o=r.map(ic);if(i.length===0)throw new Error("At least one node shape must be specified.");if(o.length===0)throw new Error("At least one node layer must be specified.");return{shapes:i,layers:o}}function uc(n){var a,e,t,r=(a=n?.paths)!==null&&a!==void 0?a:nn.paths,i=(e=n?.extremities)!==null&&e!==void 0?e:nn.extremities,o=(t=n?.layers)!==null&&t!==void 0?t:nn.layers,s=r.map(oc),l=i.map(lc).filter(function(d){return d!==null}),u=o.map(sc);if(s.length===0)throw new Error("At least one edge path must be specified.");if(u.length===0)throw new Error("At least one edge layer must be specified.");return{paths:s,extremities:l,layers:u}}function jo(n,a){var e={},t=U(n),r;try{for(t.s();!(r=t.n()).done;){var i=r.value;i.variables&&Object.assign(e,i.variables)}}catch(o){t.e(o)}finally{t.f()}return Object.assign(e,a||{}),e}function Vo(n,a,e,t,r){var i=$o(t),o=i.shapes,s=i.layers,l=jo(o,t?.variables),u=Go(n,a,e,{shapes:o,layers:s,label:t?.label,backdrop:t?.backdrop,labelAttachments:t?.labelAttachments},r);return H(H({},u),{},{variables:l})}function qo(n,a,e,t,r,i){var o=uc(t),s=o.paths,l=o.extremities,u=o.layers,d=$o(i),h=d.shapes,c=d.layers,f=jo(s,t?.variables),g=Ho(n,a,e,{paths:s,extremities:l,layers:u,defaultHead:t?.defaultHead,defaultTail:t?.defaultTail,label:t?.label},r,h,c);return H(H({},g),{},{variables:f,paths:s})}var dc=2;function Xo(n,a,e){var t=arguments.length>3&&arguments[3]!==void 0?arguments[3]:dc,r=a.canvas,i=r.width,o=r.height,s=e.x,l=e.y,u=e.rowHeight,d=e.maxRowWidth,h={},c=[],f=U(n),g;try{for(f.s();!(g=f.n()).done;){var m=g.value,v=m.width+t,p=m.height+t;if(v>i||p>o||s+v>i&&l+u+p>o){c.push(m);continue}s+v>i&&(d=Math.max(d,s),s=0,l+=u,u=p),m.draw(a,s,l),h[m.key]={x:s,y:l,width:m.width,height:m.height},s+=v,u=Math.max(u,p)}}catch(y){f.e(y)}finally{f.f()}return d=Math.max(d,s),{atlas:h,cursor:{x:s,y:l,rowHeight:u,maxRowWidth:d},remaining:c}}function Fe(n,a,e,t){var r=Object.defineProperty;try{r({},"",{})}catch{r=0}Fe=function(i,o,s,l){function u(d,h){Fe(i,d,function(c){return this._invoke(d,h,c)})}o?r?r(i,o,{value:s,enumerable:!l,configurable:!l,writable:!l}):i[o]=s:(u("next",0),u("throw",1),u("return",2))},Fe(n,a,e,t)}function Ge(){var n,a,e=typeof Symbol=="function"?Symbol:{},t=e.iterator||"@@iterator",r=e.toStringTag||"@@toStringTag";function i(f,g,m,v){var p=g&&g.prototype instanceof s?g:s,y=Object.create(p.prototype);return Fe(y,"_invoke",function(b,_,x){var E,w,A,S=0,C=x||[],G=!1,L={p:0,n:0,v:n,a:N,f:N.bind(n,4),d:function(k,I){return E=k,w=0,A=n,L.n=I,o}};function N(k,I){for(w=k,A=I,a=0;!G&&S&&!W&&a<C.length;a++){var W,P=C[a],T=L.p,F=P[2];k>3?(W=F===I)&&(A=P[(w=P[4])?5:(w=3,3)],P[4]=P[5]=n):P[0]<=T&&((W=k<2&&T<P[1])?(w=0,L.v=I,L.n=P[1]):T<F&&(W=k<3||P[0]>I||I>F)&&(P[4]=k,P[5]=I,L.n=F,w=0))}if(W||k>1)return o;throw G=!0,I}return function(k,I,W){if(S>1)throw TypeError("Generator is already running");for(G&&I===1&&N(I,W),w=I,A=W;(a=w<2?n:A)||!G;){E||(w?w<3?(w>1&&(L.n=-1),N(w,A)):L.n=A:L.v=A);try{if(S=2,E){if(w||(k="next"),a=E[k]){if(!(a=a.call(E,A)))throw TypeError("iterator result is not an object");if(!a.done)return a;A=a.value,w<2&&(w=0)}else w===1&&(a=E.return)&&a.call(E),w<2&&(A=TypeError("The iterator does not provide a '"+k+"' method"),w=1);E=n}else if((a=(G=L.n<0)?A:b.call(_,L))!==o)break}catch(P){E=n,w=1,A=P}finally{S=1}}return{value:a,done:G}}}(f,m,v),!0),y}var o={};function s(){}function l(){}function u(){}a=Object.getPrototypeOf;var d=[][t]?a(a([][t]())):(Fe(a={},t,function(){return this}),a),h=u.prototype=s.prototype=Object.create(d);function c(f){return Object.setPrototypeOf?Object.setPrototypeOf(f,u):(f.__proto__=u,Fe(f,r,"GeneratorFunction")),f.prototype=Object.create(h),f}return l.prototype=u,Fe(h,"constructor",u),Fe(u,"constructor",l),l.displayName="GeneratorFunction",Fe(u,r,"GeneratorFunction"),Fe(h),Fe(h,r,"Generator"),Fe(h,t,function(){return this}),Fe(h,"toString",function(){return"[object Generator]"}),(Ge=function(){return{w:i,m:c}})()}function Yo(n,a,e,t,r,i,o){try{var s=n[i](o),l=s.value}catch(u){return void e(u)}s.done?a(l):Promise.resolve(l).then(t,r)}function fn(n){return function(){var a=this,e=arguments;return new Promise(function(t,r){var i=n.apply(a,e);function o(l){Yo(i,t,r,o,s,"next",l)}function s(l){Yo(i,t,r,o,s,"throw",l)}o(void 0)})}}var za=new Map,Ko=!1;function hc(n){return new Promise(function(a,e){var t=new FileReader;t.onload=function(){return a(t.result)},t.onerror=e,t.readAsDataURL(n)})}function cc(n){if(!za.has(n)){var a=fetch(n).then(function(e){return e.blob()}).then(hc).catch(function(){return za.delete(n),null});za.set(n,a)}return za.get(n)}function fc(n){return Ir.apply(this,arguments)}function Ir(){return Ir=fn(Ge().m(function n(a){var e,t,r;return Ge().w(function(i){for(;;)switch(i.n){case 0:return e=document.createElement("div"),e.innerHTML=a,t=Array.from(e.querySelectorAll("img[src]")),r=t.filter(function(o){return!o.getAttribute("src").startsWith("data:")}),i.n=1,Promise.all(r.map(function(){var o=fn(Ge().m(function s(l){var u;return Ge().w(function(d){for(;;)switch(d.n){case 0:return d.n=1,cc(l.getAttribute("src"));case 1:u=d.v,u&&l.setAttribute("src",u);case 2:return d.a(2)}},s)}));return function(s){return o.apply(this,arguments)}}()));case 1:return i.a(2,e.innerHTML)}},n)})),Ir.apply(this,arguments)}function Zo(n){return Fr.apply(this,arguments)}function Fr(){return Fr=fn(Ge().m(function n(a){var e,t,r,i,o,s,l,u,d,h,c,f,g,m=arguments;return Ge().w(function(v){for(;;)switch(v.n){case 0:if(e=m.length>1&&m[1]!==void 0?m[1]:1,t=a instanceof SVGElement?new XMLSerializer().serializeToString(a):a,r=new DOMParser,i=r.parseFromString(t,"image/svg+xml"),o=i.querySelector("svg"),o){v.n=1;break}return v.a(2,null);case 1:if(s=parseFloat(o.getAttribute("width")||""),l=parseFloat(o.getAttribute("height")||""),(!(s>0)||!(l>0))&&(u=o.getAttribute("viewBox"),u&&(d=u.trim().split(/[\s,]+/),s=parseFloat(d[2]),l=parseFloat(d[3]))),!(!(s>0)||!(l>0))){v.n=2;break}return console.warn("Sigma: SVG label attachment has no parseable dimensions \u2014 skipped."),v.a(2,null);case 2:return h=Math.ceil(s*e),c=Math.ceil(l*e),f=new Blob([t],{type:"image/svg+xml"}),g=URL.createObjectURL(f),v.a(2,new Promise(function(p){var y=new Image;y.onload=function(){var b=document.createElement("canvas");b.width=h,b.height=c,b.getContext("2d").drawImage(y,0,0,h,c),URL.revokeObjectURL(g);try{b.getContext("2d").getImageData(0,0,1,1)}catch(_){if(_ instanceof DOMException&&_.name==="SecurityError"){Ko||(Ko=!0,console.warn('Sigma: A label attachment was skipped because the rendered canvas is tainted. SVG with <foreignObject> (used by the "html" attachment type) is blocked in Chromium and Safari. Use type: "canvas" with Canvas 2D rendering instead.')),p(null);return}throw _}p(b)},y.onerror=function(){URL.revokeObjectURL(g),p(null)},y.src=g}))}},n)})),Fr.apply(this,arguments)}function gc(n,a){var e=document.createElement("div");e.style.cssText="position:fixed;left:-99999px;top:0;visibility:hidden;width:max-content;height:max-content",e.innerHTML=(a?"<style>".concat(a,"</style>"):"")+n,document.body.appendChild(e);var t=e.getBoundingClientRect(),r=t.width,i=t.height;return document.body.removeChild(e),{width:Math.ceil(r),height:Math.ceil(i)}}function pc(n,a,e,t){return Gr.apply(this,arguments)}function Gr(){return Gr=fn(Ge().m(function n(a,e,t,r){var i,o,s,l,u,d,h,c,f=arguments;return Ge().w(function(g){for(;;)switch(g.n){case 0:return i=f.length>4&&f[4]!==void 0?f[4]:1,o=a instanceof HTMLElement?a.outerHTML:a,g.n=1,fc(o);case 1:return s=g.v,(t==null||r==null)&&(l=gc(s,e),t=t??l.width,r=r??l.height),u=Math.ceil(t*i),d=Math.ceil(r*i),h=e?"<style>".concat(e,"</style>"):"",c='<svg xmlns="http://www.w3.org/2000/svg" '+'width="'.concat(u,'" height="').concat(d,'" viewBox="0 0 ').concat(t," ").concat(r,'">')+'<foreignObject width="'.concat(t,'" height="').concat(r,'">')+'<body xmlns="http://www.w3.org/1999/xhtml" style="margin:0;padding:0">'.concat(h).concat(s,"</body>")+"</foreignObject></svg>",g.a(2,Zo(c,1))}},n)})),Gr.apply(this,arguments)}function vc(n){return zr.apply(this,arguments)}function zr(){return zr=fn(Ge().m(function n(a){var e,t=arguments,r;return Ge().w(function(i){for(;;)switch(i.n){case 0:e=t.length>1&&t[1]!==void 0?t[1]:1,r=a.type,i.n=r==="canvas"?1:r==="svg"?2:r==="html"?3:4;break;case 1:return i.a(2,a.canvas);case 2:return i.a(2,Zo(a.svg,e));case 3:return i.a(2,pc(a.html,a.css,a.width,a.height,e));case 4:return i.a(2)}},n)})),zr.apply(this,arguments)}var cn=2048,Qo=function(){function n(a,e,t){te(this,n),D(this,"cache",new Map),D(this,"pending",new Set),D(this,"atlas",{}),D(this,"glTexture",null),D(this,"dirty",!0),this.gl=a,this.renderers=e,this.scheduleRender=t,this.packCanvas=document.createElement("canvas"),this.packCanvas.width=cn,this.packCanvas.height=cn,this.packCtx=this.packCanvas.getContext("2d")}return ne(n,[{key:"renderAttachment",value:function(e,t,r){var i=this,o="".concat(e,":").concat(t);if(!(this.cache.has(o)||this.pending.has(o))){var s=this.renderers[t];if(s){var l=s(r);if(l){this.pending.add(o);var u=r.pixelRatio;Promise.resolve(l).then(function(){var d=fn(Ge().m(function h(c){var f;return Ge().w(function(g){for(;;)switch(g.n){case 0:if(i.pending.has(o)){g.n=1;break}return g.a(2);case 1:if(i.pending.delete(o),c){g.n=2;break}return g.a(2);case 2:return g.n=3,vc(c,u);case 3:if(f=g.v,!(!f||f.width===0||f.height===0)){g.n=4;break}return g.a(2);case 4:i.cache.set(o,{image:f,width:f.width,height:f.height}),i.dirty=!0,i.scheduleRender();case 5:return g.a(2)}},h)}));return function(h){return d.apply(this,arguments)}}())}}}}},{key:"regenerateAtlas",value:function(){if(this.dirty){this.dirty=!1;var e=[];if(this.cache.forEach(function(u,d){e.push({key:d,width:u.width,height:u.height,draw:function(c,f,g){c.drawImage(u.image,f,g)}})}),e.length===0){this.atlas={},this.deleteGLTexture();return}var t={x:0,y:0,rowHeight:0,maxRowWidth:0};this.packCtx.clearRect(0,0,cn,cn);var r=Xo(e,this.packCtx,t),i=r.atlas,o=r.remaining;this.atlas=i,o.length>0&&console.warn("Sigma: ".concat(o.length," label attachment(s) could not fit in the ").concat(cn,"x").concat(cn," atlas and will not be rendered.")),this.deleteGLTexture();var s=this.gl,l=s.createTexture();s.activeTexture(s.TEXTURE0+Gn),s.bindTexture(s.TEXTURE_2D,l),s.pixelStorei(s.UNPACK_PREMULTIPLY_ALPHA_WEBGL,!0),s.texImage2D(s.TEXTURE_2D,0,s.RGBA,s.RGBA,s.UNSIGNED_BYTE,this.packCanvas),s.pixelStorei(s.UNPACK_PREMULTIPLY_ALPHA_WEBGL,!1),s.texParameteri(s.TEXTURE_2D,s.TEXTURE_MIN_FILTER,s.LINEAR),s.texParameteri(s.TEXTURE_2D,s.TEXTURE_MAG_FILTER,s.LINEAR),s.texParameteri(s.TEXTURE_2D,s.TEXTURE_WRAP_S,s.CLAMP_TO_EDGE),s.texParameteri(s.TEXTURE_2D,s.TEXTURE_WRAP_T,s.CLAMP_TO_EDGE),this.glTexture=l}}},{key:"bindTexture",value:function(e){if(this.glTexture){var t=this.gl;t.activeTexture(t.TEXTURE0+e),t.bindTexture(t.TEXTURE_2D,this.glTexture)}}},{key:"getEntry",value:function(e,t){var r="".concat(e,":").concat(t);return this.atlas[r]||null}},{key:"invalidateNode",value:function(e){var t="".concat(e,":"),r=U(this.cache.keys()),i;try{for(r.s();!(i=r.n()).done;){var o=i.value;o.startsWith(t)&&(this.cache.delete(o),this.dirty=!0)}}catch(d){r.e(d)}finally{r.f()}var s=U(this.pending),l;try{for(s.s();!(l=s.n()).done;){var u=l.value;u.startsWith(t)&&this.pending.delete(u)}}catch(d){s.e(d)}finally{s.f()}}},{key:"restore",value:function(){this.glTexture=null,this.dirty=!0}},{key:"clear",value:function(){this.cache.clear(),this.pending.clear(),this.atlas={},this.dirty=!0,this.deleteGLTexture()}},{key:"kill",value:function(){this.clear(),this.packCanvas=null,this.packCtx=null,this.gl=null}},{key:"deleteGLTexture",value:function(){this.glTexture&&(this.gl.deleteTexture(this.glTexture),this.glTexture=null)}}])}(),Nr=function(){function n(a){te(this,n),D(this,"buckets",new Map),D(this,"keyDepth",new Map);var e=U(a),t;try{for(e.s();!(t=e.n()).done;){var r=t.value;this.buckets.set(r,new Set)}}catch(i){e.e(i)}finally{e.f()}}return ne(n,[{key:"has",value:function(e){return this.keyDepth.has(e)}},{key:"getBucket",value:function(e){return this.buckets.get(e)}},{key:"set",value:function(e,t){var r,i=this.keyDepth.get(e);if(i!==t){var o=this.buckets.get(t);if(!o)throw new Error('Sigma: "'.concat(t,'" is not a declared depth layer'));i!==void 0&&((r=this.buckets.get(i))===null||r===void 0||r.delete(e)),o.add(e),this.keyDepth.set(e,t)}}},{key:"remove",value:function(e){var t=this.keyDepth.get(e);t!==void 0&&(this.buckets.get(t).delete(e),this.keyDepth.delete(e))}},{key:"clearAll",value:function(){var e=U(this.buckets.values()),t;try{for(e.s();!(t=e.n()).done;){var r=t.value;r.clear()}}catch(i){e.e(i)}finally{e.f()}this.keyDepth.clear()}},{key:"getSorted",value:function(e,t){var r=this.buckets.get(e);return!r||r.size===0?[]:Z(r).sort(function(i,o){return t(i)-t(o)})}}])}(),Jo=function(n){function a(e,t){return te(this,a),ge(this,a,[e,2,t])}return pe(a,n),ne(a,[{key:"updateNode",value:function(t,r,i,o,s,l,u,d){var h=this.indexMap.get(t);if(h===void 0)throw new Error('Node "'.concat(t,'" not allocated in NodeDataTexture'));var c=yt(d),f=re(c,4),g=f[0],m=f[1],v=f[2],p=f[3],y=h*2*4;this.data[y]=r,this.data[y+1]=i,this.data[y+2]=o,this.data[y+3]=s,this.data[y+4]=l,this.data[y+5]=u,this.data[y+6]=g*65536+m*256+v,this.data[y+7]=p/255,this.markDirty(h)}}])}(ka),mc=1024,yc=1.5,bc=4096,Wr=function(){function n(a,e){var t;if(te(this,n),D(this,"texture",null),D(this,"framebuffer",null),!a.getExtension("EXT_color_buffer_float"))throw new Error("sigma: EXT_color_buffer_float is required for label/edge placement but is unavailable in this WebGL2 context.");this.gl=a,this.channels=e.channels,this.capacity=this.roundUpToPowerOfTwo((t=e.initialCapacity)!==null&&t!==void 0?t:mc);var r=this.computeDimensions(this.capacity);this.textureWidth=r.width,this.textureHeight=r.height,this.create()}return ne(n,[{key:"roundUpToPowerOfTwo",value:function(e){return Math.pow(2,Math.ceil(Math.log2(Math.max(1,e))))}},{key:"computeDimensions",value:function(e){var t=Math.min(e,bc),r=Math.ceil(e/t);return{width:t,height:r}}},{key:"create",value:function(){var e=this.gl,t=this.channels===1?e.R32F:e.RGBA32F,r=this.channels===1?e.RED:e.RGBA;if(this.texture=e.createTexture(),e.activeTexture(e.TEXTURE0),e.bindTexture(e.TEXTURE_2D,this.texture),e.texImage2D(e.TEXTURE_2D,0,t,this.textureWidth,this.textureHeight,0,r,e.FLOAT,null),e.texParameteri(e.TEXTURE_2D,e.TEXTURE_MIN_FILTER,e.NEAREST),e.texParameteri(e.TEXTURE_2D,e.TEXTURE_MAG_FILTER,e.NEAREST),e.texParameteri(e.TEXTURE_2D,e.TEXTURE_WRAP_S,e.CLAMP_TO_EDGE),e.texParameteri(e.TEXTURE_2D,e.TEXTURE_WRAP_T,e.CLAMP_TO_EDGE),this.framebuffer=e.createFramebuffer(),e.bindFramebuffer(e.FRAMEBUFFER,this.framebuffer),e.framebufferTexture2D(e.FRAMEBUFFER,e.COLOR_ATTACHMENT0,e.TEXTURE_2D,this.texture,0),e.checkFramebufferStatus(e.FRAMEBUFFER)!==e.FRAMEBUFFER_COMPLETE)throw new Error("sigma: float framebuffer for frame-pass placement is incomplete.");e.bindFramebuffer(e.FRAMEBUFFER,null),e.bindTexture(e.TEXTURE_2D,null)}},{key:"ensureCapacity",value:function(e){if(!(e<=this.capacity)){var t=this.gl;this.capacity=this.roundUpToPowerOfTwo(Math.ceil(e*yc));var r=this.computeDimensions(this.capacity);this.textureWidth=r.width,this.textureHeight=r.height,this.texture&&t.deleteTexture(this.texture),this.framebuffer&&t.deleteFramebuffer(this.framebuffer),this.create()}}},{key:"bindAsRenderTarget",value:function(){var e=this.gl;e.bindFramebuffer(e.FRAMEBUFFER,this.framebuffer),e.viewport(0,0,this.textureWidth,this.textureHeight)}},{key:"bind",value:function(e){var t=this.gl;t.activeTexture(t.TEXTURE0+e),t.bindTexture(t.TEXTURE_2D,this.texture)}},{key:"getTexture",value:function(){return this.texture}},{key:"getTextureWidth",value:function(){return this.textureWidth}},{key:"getTextureHeight",value:function(){return this.textureHeight}},{key:"restore",value:function(){this.gl.getExtension("EXT_color_buffer_float"),this.create()}},{key:"kill",value:function(){var e=this.gl;this.texture&&(e.deleteTexture(this.texture),this.texture=null),this.framebuffer&&(e.deleteFramebuffer(this.framebuffer),this.framebuffer=null)}}])}(),es=function(n){function a(e,t){return te(this,a),ge(this,a,[e,2,t])}return pe(a,n),ne(a,[{key:"updateEdge",value:function(t,r,i,o,s,l){var u=arguments.length>6&&arguments[6]!==void 0?arguments[6]:0,d=arguments.length>7&&arguments[7]!==void 0?arguments[7]:0,h=arguments.length>8&&arguments[8]!==void 0?arguments[8]:0,c=this.indexMap.get(t);if(c===void 0)throw new Error('Edge "'.concat(t,'" not allocated in EdgeDataTexture'));var f=c*this.TEXELS_PER_ITEM*4;this.data[f+0]=r,this.data[f+1]=i,this.data[f+2]=o,this.data[f+3]=0,this.data[f+4]=s,this.data[f+5]=l,this.data[f+6]=u,this.data[f+7]=(d&15)<<4|h&15,this.markDirty(c)}}])}(ka);var Jg=st(_n()),ep=st(Ft());function xc(n,a){if(n==null)return{};var e={};for(var t in n)if({}.hasOwnProperty.call(n,t)){if(a.indexOf(t)!==-1)continue;e[t]=n[t]}return e}function ts(n,a){if(n==null)return{};var e,t,r=xc(n,a);if(Object.getOwnPropertySymbols){var i=Object.getOwnPropertySymbols(n);for(t=0;t<i.length;t++)e=i[t],a.indexOf(e)===-1&&{}.propertyIsEnumerable.call(n,e)&&(r[e]=n[e])}return r}var _c=["factor"],Tc=["factor"],ns=1.5,Mr={x:.5,y:.5,angle:0,ratio:1},as=function(n){function a(){var e;te(this,a);for(var t=arguments.length,r=new Array(t),i=0;i<t;i++)r[i]=arguments[i];return e=ge(this,a,[].concat(r)),D(e,"minRatio",null),D(e,"maxRatio",null),D(e,"enabled",!0),D(e,"enabledZooming",!0),D(e,"enabledPanning",!0),D(e,"enabledRotation",!0),D(e,"constrainState",null),D(e,"state",H({},Mr)),D(e,"previousState",H({},Mr)),D(e,"nextFrame",null),D(e,"currentAnimationFrom",null),D(e,"currentAnimationTo",null),D(e,"animationCallback",null),e}return pe(a,n),ne(a,[{key:"x",get:function(){return this.state.x}},{key:"y",get:function(){return this.state.y}},{key:"angle",get:function(){return this.state.angle}},{key:"ratio",get:function(){return this.state.ratio}},{key:"getState",value:function(){return H({},this.state)}},{key:"getPreviousState",value:function(){return H({},this.previousState)}},{key:"getBoundedRatio",value:function(t){var r=t;return typeof this.minRatio=="number"&&(r=Math.max(r,this.minRatio)),typeof this.maxRatio=="number"&&(r=Math.min(r,this.maxRatio)),r}},{key:"validateState",value:function(t){var r=this.getState();return this.enabledPanning&&typeof t.x=="number"&&(r.x=t.x),this.enabledPanning&&typeof t.y=="number"&&(r.y=t.y),this.enabledZooming&&typeof t.ratio=="number"&&(r.ratio=this.getBoundedRatio(t.ratio)),this.enabledRotation&&typeof t.angle=="number"&&(r.angle=t.angle),this.constrainState?this.constrainState(r):r}},{key:"isAnimating",value:function(){return this.nextFrame!==null}},{key:"setState",value:function(t){if(!this.enabled)return this;var r=this.validateState(t);return oo(this.state,r)?this:(this.previousState=this.state,this.state=r,this.emit("updated",this.getState()),this)}},{key:"updateState",value:function(t){return this.setState(t(this.getState())),this}},{key:"animate",value:function(t,r){var i=this;return this.enabled?new Promise(function(o){return i.runAnimation(t,H(H({},uo),r),o)}):Promise.resolve()}},{key:"cancelAnimation",value:function(){return this.nextFrame!==null&&(cancelAnimationFrame(this.nextFrame),this.nextFrame=null),this.resolveAnimation(),this.emitAnimationEnd(!1),this}},{key:"zoomIn",value:function(){var t=arguments.length>0&&arguments[0]!==void 0?arguments[0]:{},r=t.factor,i=r===void 0?ns:r,o=ts(t,_c);return this.animate({ratio:this.ratio/i},o)}},{key:"zoomOut",value:function(){var t=arguments.length>0&&arguments[0]!==void 0?arguments[0]:{},r=t.factor,i=r===void 0?ns:r,o=ts(t,Tc);return this.animate({ratio:this.ratio*i},o)}},{key:"reset",value:function(t){return this.animate(Mr,t)}},{key:"runAnimation",value:function(t,r,i){var o=this,s=ga(r.easing),l=Date.now(),u=this.getState(),d=this.validateState(t),h=function(){if(!o.enabled){o.cancelAnimation();return}var f=r.duration>0?(Date.now()-l)/r.duration:1;if(f>=1){o.nextFrame=null,o.setState(d),o.resolveAnimation(),o.emitAnimationEnd(!0);return}var g=s(f);o.setState({x:u.x+(d.x-u.x)*g,y:u.y+(d.y-u.y)*g,angle:u.angle+(d.angle-u.angle)*g,ratio:u.ratio+(d.ratio-u.ratio)*g}),o.nextFrame=requestAnimationFrame(h)};this.cancelAnimation(),this.currentAnimationFrom=u,this.currentAnimationTo=d,this.animationCallback=i,this.emit("animationStart",{from:u,to:d}),h()}},{key:"resolveAnimation",value:function(){var t=this.animationCallback;this.animationCallback=null,t&&t()}},{key:"emitAnimationEnd",value:function(t){var r=this.currentAnimationFrom,i=this.currentAnimationTo;!r||!i||(this.currentAnimationFrom=null,this.currentAnimationTo=null,this.emit("animationEnd",{from:r,to:i,completed:t}))}}],[{key:"from",value:function(t){var r=new a;return r.setState(t)}}])}(ya);function ze(n,a){var e=a.getBoundingClientRect();return{x:n.clientX-e.left,y:n.clientY-e.top}}function tt(n,a){var e=H(H({},ze(n,a)),{},{sigmaDefaultPrevented:!1,preventSigmaDefault:function(){e.sigmaDefaultPrevented=!0},original:n});return e}function Wt(n){var a="x"in n?n:H(H({},n.touches[0]||n.previousTouches[0]),{},{original:n.original,sigmaDefaultPrevented:n.sigmaDefaultPrevented,preventSigmaDefault:function(){n.sigmaDefaultPrevented=!0,a.sigmaDefaultPrevented=!0}});return a}function Ec(n,a){var e=tt(n,a);return e.delta=ys(n),e}var Sc=2;function Wa(n){for(var a=[],e=0,t=Math.min(n.length,Sc);e<t;e++)a.push(n[e]);return a}function Nn(n,a,e){var t={touches:Wa(n.touches).map(function(r){return ze(r,e)}),previousTouches:a.map(function(r){return ze(r,e)}),sigmaDefaultPrevented:!1,preventSigmaDefault:function(){t.sigmaDefaultPrevented=!0},original:n};return t}function ys(n){if(typeof n.deltaY<"u")return n.deltaY*-3/360;if(typeof n.detail<"u")return n.detail/-9;throw new Error("Captor: could not extract delta from event.")}var bs=function(n){function a(e,t){var r;return te(this,a),r=ge(this,a),r.container=e,r.renderer=t,r}return pe(a,n),ne(a)}(ya),wc=["doubleClickTimeout","doubleClickZoomingDuration","doubleClickZoomingRatio","dragTimeout","draggedEventsTolerance","enableCameraMouseRotation","gestureTarget","inertiaDuration","inertiaRatio","zoomDuration","zoomingRatio"],Ac=wc.reduce(function(n,a){return H(H({},n),{},D({},a,_a[a]))},{});function Wn(n){return n instanceof PointerEvent&&n.pointerType==="touch"}var Dc=function(n){function a(e,t){var r;return te(this,a),r=ge(this,a,[e,t]),D(r,"enabled",!0),D(r,"draggedEvents",0),D(r,"downStartTime",null),D(r,"lastMouseX",null),D(r,"lastMouseY",null),D(r,"isMouseDown",!1),D(r,"isMoving",!1),D(r,"isPanningStage",!1),D(r,"movingTimeout",null),D(r,"startCameraState",null),D(r,"clicks",0),D(r,"doubleClickTimeout",null),D(r,"isRightMouseDown",!1),D(r,"startRotationAngle",null),D(r,"startCameraAngle",null),D(r,"currentWheelDirection",0),D(r,"lastWheelAnimationId",0),D(r,"settings",Ac),r.handleRightClick=r.handleRightClick.bind(r),r.handleDown=r.handleDown.bind(r),r.handleUp=r.handleUp.bind(r),r.handleMove=r.handleMove.bind(r),r.handleWheel=r.handleWheel.bind(r),r.handleLeave=r.handleLeave.bind(r),r.handleEnter=r.handleEnter.bind(r),e.addEventListener("contextmenu",r.handleRightClick,{capture:!1}),e.addEventListener("pointerdown",r.handleDown,{capture:!1}),e.addEventListener("wheel",r.handleWheel,{capture:!1,passive:!1}),e.addEventListener("pointerleave",r.handleLeave,{capture:!1}),e.addEventListener("pointerenter",r.handleEnter,{capture:!1}),document.addEventListener("pointermove",r.handleMove,{capture:!1}),document.addEventListener("pointerup",r.handleUp,{capture:!1}),r}return pe(a,n),ne(a,[{key:"kill",value:function(){var t=this.container;t.removeEventListener("contextmenu",this.handleRightClick),t.removeEventListener("pointerdown",this.handleDown),t.removeEventListener("wheel",this.handleWheel),t.removeEventListener("pointerleave",this.handleLeave),t.removeEventListener("pointerenter",this.handleEnter),document.removeEventListener("pointermove",this.handleMove),document.removeEventListener("pointerup",this.handleUp)}},{key:"handleClick",value:function(t){var r=this;if(this.enabled){if(this.clicks++,this.clicks===2)return this.clicks=0,typeof this.doubleClickTimeout=="number"&&(clearTimeout(this.doubleClickTimeout),this.doubleClickTimeout=null),this.handleDoubleClick(t);setTimeout(function(){r.clicks=0,r.doubleClickTimeout=null},this.settings.doubleClickTimeout),this.draggedEvents<this.settings.draggedEventsTolerance&&this.emit("click",tt(t,this.container))}}},{key:"handleRightClick",value:function(t){this.enabled&&(this.settings.enableCameraMouseRotation&&t.preventDefault(),this.emit("rightClick",tt(t,this.container)))}},{key:"handleDoubleClick",value:function(t){if(this.enabled){t.preventDefault(),t.stopPropagation();var r=tt(t,this.container);if(this.emit("doubleClick",r),!r.sigmaDefaultPrevented){var i=this.renderer.getCamera(),o=i.getBoundedRatio(i.getState().ratio/this.settings.doubleClickZoomingRatio);i.animate(this.renderer.getViewportZoomedState(ze(t,this.container),o),{easing:"quadraticInOut",duration:this.settings.doubleClickZoomingDuration})}}}},{key:"handleDown",value:function(t){if(!(!this.enabled||Wn(t))){if(t.button===0){this.startCameraState=this.renderer.getCamera().getState();var r=ze(t,this.container),i=r.x,o=r.y;this.lastMouseX=i,this.lastMouseY=o,this.draggedEvents=0,this.downStartTime=Date.now(),this.isMouseDown=!0}if(t.button===2&&this.settings.enableCameraMouseRotation){var s=ze(t,this.container),l=s.x,u=s.y,d=this.container.offsetWidth/2,h=this.container.offsetHeight/2;this.startRotationAngle=Math.atan2(u-h,l-d),this.startCameraAngle=this.renderer.getCamera().getState().angle,this.isRightMouseDown=!0}this.emit("mousedown",tt(t,this.container))}}},{key:"handleUp",value:function(t){var r=this;if(!(!this.enabled||Wn(t)||!this.isMouseDown&&!this.isRightMouseDown)){if(this.isRightMouseDown){this.isRightMouseDown=!1,this.startRotationAngle=null,this.startCameraAngle=null,this.emit("mouseup",tt(t,this.container));return}var i=this.renderer.getCamera();this.isMouseDown=!1,this.isPanningStage&&(this.isPanningStage=!1,this.renderer._setPanning(!1)),typeof this.movingTimeout=="number"&&(clearTimeout(this.movingTimeout),this.movingTimeout=null);var o=ze(t,this.container),s=o.x,l=o.y,u=i.getState(),d=i.getPreviousState();this.isMoving?i.animate({x:u.x+this.settings.inertiaRatio*(u.x-d.x),y:u.y+this.settings.inertiaRatio*(u.y-d.y)},{duration:this.settings.inertiaDuration,easing:"quadraticOut"}):(this.lastMouseX!==s||this.lastMouseY!==l)&&i.setState({x:u.x,y:u.y}),this.isMoving=!1,setTimeout(function(){var h=r.draggedEvents>0;r.draggedEvents=0;var c=r.renderer.getSetting("hideEdgesOnMove")||r.renderer.getSetting("hideLabelsOnMove");h&&c&&r.renderer.refresh()},0),this.emit("mouseup",tt(t,this.container)),(t.target===this.container||t.composedPath()[0]===this.container)&&this.handleClick(t)}}},{key:"handleMove",value:function(t){var r=this;if(!(!this.enabled||Wn(t))){var i=tt(t,this.container);if(this.emit("mousemovebody",i),(t.target===this.container||t.composedPath()[0]===this.container)&&this.emit("mousemove",i),this.isMouseDown&&this.draggedEvents++,!i.sigmaDefaultPrevented){if(this.isMouseDown){this.isMoving=!0,typeof this.movingTimeout=="number"&&clearTimeout(this.movingTimeout),this.movingTimeout=window.setTimeout(function(){r.movingTimeout=null,r.isMoving=!1},this.settings.dragTimeout);var o=this.renderer.getCamera(),s=ze(t,this.container),l=s.x,u=s.y,d=this.renderer.viewportToFramedGraph({x:this.lastMouseX,y:this.lastMouseY}),h=this.renderer.viewportToFramedGraph({x:l,y:u}),c=d.x-h.x,f=d.y-h.y,g=o.getState(),m=g.x+c,v=g.y+f;this.isPanningStage||(this.isPanningStage=!0,this.renderer._setPanning(!0)),o.setState({x:m,y:v}),this.lastMouseX=l,this.lastMouseY=u,t.preventDefault(),t.stopPropagation()}if(this.isRightMouseDown){var p=ze(t,this.container),y=p.x,b=p.y,_=this.container.offsetWidth/2,x=this.container.offsetHeight/2,E=Math.atan2(b-x,y-_),w=E-this.startRotationAngle,A=this.renderer.getCamera();A.setState({angle:this.startCameraAngle+w}),t.preventDefault(),t.stopPropagation()}}}}},{key:"handleLeave",value:function(t){Wn(t)||this.emit("mouseleave",tt(t,this.container))}},{key:"handleEnter",value:function(t){Wn(t)||this.emit("mouseenter",tt(t,this.container))}},{key:"handleWheel",value:function(t){var r=this,i=this.renderer.getCamera();if(!(!this.enabled||!i.enabledZooming)){var o=Ec(t,this.container);if(this.emit("wheel",o),!o.sigmaDefaultPrevented){var s=this.settings.gestureTarget;if(s!=="page"){if(s==="shared"&&!t.ctrlKey&&!t.metaKey){this.renderer._showGestureHint("wheel");return}var l=ys(t);if(l){t.preventDefault(),t.stopPropagation();var u=i.getState().ratio,d=l>0?1/this.settings.zoomingRatio:this.settings.zoomingRatio,h=i.getBoundedRatio(u*d),c=l>0?1:-1,f=Date.now();if(u!==h&&!(this.currentWheelDirection===c&&this.lastWheelTriggerTime&&f-this.lastWheelTriggerTime<this.settings.zoomDuration/5)){var g=++this.lastWheelAnimationId;i.animate(this.renderer.getViewportZoomedState(ze(t,this.container),h),{easing:"quadraticOut",duration:this.settings.zoomDuration}).then(function(){r.lastWheelAnimationId===g&&(r.currentWheelDirection=0)}),this.currentWheelDirection=c,this.lastWheelTriggerTime=f}}}}}}},{key:"setSettings",value:function(t){this.settings=t}}])}(bs),Rc=["dragTimeout","gestureTarget","inertiaDuration","inertiaRatio","doubleClickTimeout","doubleClickZoomingRatio","doubleClickZoomingDuration","tapMoveTolerance"],Cc=Rc.reduce(function(n,a){return H(H({},n),{},D({},a,_a[a]))},{}),Lc=function(n){function a(e,t){var r;return te(this,a),r=ge(this,a,[e,t]),D(r,"enabled",!0),D(r,"isMoving",!1),D(r,"hasMoved",!1),D(r,"isPanningStage",!1),D(r,"isZoomingStage",!1),D(r,"touchMode",0),D(r,"startTouchesPositions",[]),D(r,"lastTouches",[]),D(r,"lastTap",null),D(r,"settings",Cc),r.handleStart=r.handleStart.bind(r),r.handleLeave=r.handleLeave.bind(r),r.handleMove=r.handleMove.bind(r),e.addEventListener("touchstart",r.handleStart,{capture:!1}),e.addEventListener("touchcancel",r.handleLeave,{capture:!1}),document.addEventListener("touchend",r.handleLeave,{capture:!1,passive:!1}),document.addEventListener("touchmove",r.handleMove,{capture:!1,passive:!1}),r}return pe(a,n),ne(a,[{key:"kill",value:function(){var t=this.container;t.removeEventListener("touchstart",this.handleStart),t.removeEventListener("touchcancel",this.handleLeave),document.removeEventListener("touchend",this.handleLeave),document.removeEventListener("touchmove",this.handleMove)}},{key:"getDimensions",value:function(){return{width:this.container.offsetWidth,height:this.container.offsetHeight}}},{key:"doesCapture",value:function(t){var r=this.settings.gestureTarget;return r==="graph"?!0:r==="page"?!1:t>=2}},{key:"syncStageFlags",value:function(){var t=this.touchMode===1&&this.hasMoved,r=this.touchMode===2;t!==this.isPanningStage&&(this.isPanningStage=t,this.renderer._setPanning(t)),r!==this.isZoomingStage&&(this.isZoomingStage=r,this.renderer._setZooming(r))}},{key:"handleStart",value:function(t){var r=this;if(this.enabled){var i=Wa(t.touches);if(this.touchMode=i.length,this.startCameraState=this.renderer.getCamera().getState(),this.startTouchesPositions=i.map(function(f){return ze(f,r.container)}),this.touchMode===2){var o=re(this.startTouchesPositions,2),s=o[0],l=s.x,u=s.y,d=o[1],h=d.x,c=d.y;this.startTouchesAngle=Math.atan2(c-u,h-l),this.startTouchesDistance=Math.sqrt(Math.pow(h-l,2)+Math.pow(c-u,2))}this.syncStageFlags(),this.emit("touchdown",Nn(t,this.lastTouches,this.container)),this.lastTouches=i,this.lastTouchesPositions=this.startTouchesPositions,t.cancelable&&(this.doesCapture(t.touches.length)||this.renderer._hasNodeDrag())&&t.preventDefault()}}},{key:"handleLeave",value:function(t){if(!(!this.enabled||!this.startTouchesPositions.length)){switch(t.cancelable&&this.doesCapture(this.touchMode)&&t.preventDefault(),this.movingTimeout&&(this.isMoving=!1,clearTimeout(this.movingTimeout)),this.touchMode){case 2:if(t.touches.length===1){this.handleStart(t);break}case 1:if(this.isMoving){var r=this.renderer.getCamera(),i=r.getState(),o=r.getPreviousState();r.animate({x:i.x+this.settings.inertiaRatio*(i.x-o.x),y:i.y+this.settings.inertiaRatio*(i.y-o.y)},{duration:this.settings.inertiaDuration,easing:"quadraticOut"})}this.hasMoved=!1,this.isMoving=!1,this.touchMode=0;break}if(this.syncStageFlags(),this.emit("touchup",Nn(t,this.lastTouches,this.container)),!t.touches.length){var s=ze(this.lastTouches[0],this.container),l=this.startTouchesPositions[0],u=Math.pow(s.x-l.x,2)+Math.pow(s.y-l.y,2);if(!t.touches.length&&u<Math.pow(this.settings.tapMoveTolerance,2))if(this.lastTap&&Date.now()-this.lastTap.time<this.settings.doubleClickTimeout){var d=Nn(t,this.lastTouches,this.container);if(this.emit("doubletap",d),this.lastTap=null,!d.sigmaDefaultPrevented&&this.settings.gestureTarget!=="page"){var h=this.renderer.getCamera(),c=h.getBoundedRatio(h.getState().ratio/this.settings.doubleClickZoomingRatio);h.animate(this.renderer.getViewportZoomedState(s,c),{easing:"quadraticInOut",duration:this.settings.doubleClickZoomingDuration})}}else{var f=Nn(t,this.lastTouches,this.container);this.emit("tap",f),this.lastTap={time:Date.now(),position:f.touches[0]||f.previousTouches[0]}}}this.lastTouches=Wa(t.touches),this.startTouchesPositions=[]}}},{key:"handleMove",value:function(t){var r=this;if(!(!this.enabled||!this.startTouchesPositions.length)){var i=this.doesCapture(t.touches.length);i&&t.preventDefault();var o=Wa(t.touches),s=o.map(function(R){return ze(R,r.container)}),l=this.lastTouches;this.lastTouches=o,this.lastTouchesPositions=s;var u=Nn(t,l,this.container);if(this.emit("touchmove",u),!u.sigmaDefaultPrevented&&(this.hasMoved||(this.hasMoved=s.some(function(R,V){var j=r.startTouchesPositions[V];return j&&(R.x!==j.x||R.y!==j.y)})),!!this.hasMoved)){if(!i){this.settings.gestureTarget==="shared"&&this.renderer._showGestureHint("touch");return}this.isMoving=!0,this.syncStageFlags(),this.movingTimeout&&clearTimeout(this.movingTimeout),this.movingTimeout=window.setTimeout(function(){r.isMoving=!1},this.settings.dragTimeout);var d=this.renderer.getCamera(),h=this.startCameraState,c=this.renderer.getSetting("stagePadding");switch(this.touchMode){case 1:{var f=this.renderer.viewportToFramedGraph((this.startTouchesPositions||[])[0]),g=f.x,m=f.y,v=this.renderer.viewportToFramedGraph(s[0]),p=v.x,y=v.y;d.setState({x:h.x+g-p,y:h.y+m-y});break}case 2:{var b={x:.5,y:.5,angle:0,ratio:1},_=s[0],x=_.x,E=_.y,w=s[1],A=w.x,S=w.y,C=Math.atan2(S-E,A-x)-this.startTouchesAngle,G=Math.hypot(S-E,A-x)/this.startTouchesDistance,L=d.getBoundedRatio(h.ratio/G);b.ratio=L,b.angle=h.angle+C;var N=this.getDimensions(),k=this.renderer.viewportToFramedGraph((this.startTouchesPositions||[])[0],{cameraState:h}),I=Math.min(N.width,N.height)-2*c,W=I/N.width,P=I/N.height,T=L/I,F=x-I/2/W,O=E-I/2/P,z=rr({x:F,y:O},b.angle);F=z.x,O=z.y,b.x=k.x-F*T,b.y=k.y+O*T,d.setState(b);break}}}}}},{key:"setSettings",value:function(t){this.settings=t}}])}(bs),kc=function(){function n(a,e,t,r){te(this,n),D(this,"pendingNode",null),D(this,"session",null),this.graph=a,this.viewportToGraph=e,this.setNodesState=t,this.emit=r}return ne(n,[{key:"start",value:function(e,t,r,i,o){var s=r(e),l=!1;if(this.emit("nodeDragStart",{node:e,allDraggedNodes:s,event:t,preventSigmaDefault:function(){l=!0}}),l)return!1;var u=new Map,d=U(s),h;try{for(d.s();!(h=d.n()).done;){var c=h.value;u.set(c,{x:this.graph.getNodeAttribute(c,i),y:this.graph.getNodeAttribute(c,o)})}}catch(f){d.e(f)}finally{d.f()}return this.session={node:e,allNodes:s,startPosition:this.viewportToGraph(t),startNodePositions:u,xAttr:i,yAttr:o},this.setNodesState(s,{isDragged:!0}),!0}},{key:"applyMove",value:function(e,t){var r=this.session,i=r.allNodes,o=r.startNodePositions,s=r.startPosition,l=r.xAttr,u=r.yAttr,d=this.viewportToGraph(e),h={x:d.x-s.x,y:d.y-s.y},c=U(i),f;try{for(c.s();!(f=c.n()).done;){var g=f.value,m=o.get(g);if(!(!m||!this.graph.hasNode(g))){var v={x:m.x+h.x,y:m.y+h.y};t?this.graph.mergeNodeAttributes(g,t(v,g)):(this.graph.setNodeAttribute(g,l,v.x),this.graph.setNodeAttribute(g,u,v.y))}}}catch(p){c.e(p)}finally{c.f()}}},{key:"end",value:function(){if(this.pendingNode=null,!this.session)return null;var e=this.session,t=e.node,r=e.allNodes;return this.setNodesState(r,{isDragged:!1}),this.session=null,{node:t,allNodes:r}}},{key:"removeNode",value:function(e){e===this.pendingNode&&(this.pendingNode=null),this.session&&(this.session.node===e?(this.setNodesState(this.session.allNodes,{isDragged:!1}),this.session=null):this.session.allNodes.includes(e)&&(this.session.allNodes=this.session.allNodes.filter(function(t){return t!==e}),this.session.startNodePositions.delete(e)))}},{key:"clear",value:function(){this.pendingNode=null,this.session=null}}])}();function rs(n,a){return n<a?"".concat(n,"\0").concat(a):"".concat(a,"\0").concat(n)}var Pc=function(){function n(a,e){te(this,n),D(this,"groups",new Map),D(this,"edgeToGroupKey",new Map),this.graph=a,this.onGroupChanged=e}return ne(n,[{key:"getGroupKey",value:function(e){return rs(this.graph.source(e),this.graph.target(e))}},{key:"sortGroup",value:function(e,t){var r=this,i=t.split("\0")[0];e.sort(function(o,s){var l=r.graph.source(o)===i||!r.graph.isDirected(o)?0:1,u=r.graph.source(s)===i||!r.graph.isDirected(s)?0:1;return l-u})}},{key:"register",value:function(e){var t=this.getGroupKey(e),r=this.groups.get(t);r||(r=[],this.groups.set(t,r)),r.includes(e)||r.push(e),this.edgeToGroupKey.set(e,t),r.length>1&&this.sortGroup(r,t),this.onGroupChanged(r,r.length)}},{key:"unregister",value:function(e){var t=this.edgeToGroupKey.get(e);if(t){this.edgeToGroupKey.delete(e);var r=this.groups.get(t);if(r){var i=r.indexOf(e);i!==-1&&r.splice(i,1),r.length===0?this.groups.delete(t):this.onGroupChanged(r,r.length)}}}},{key:"getGroup",value:function(e){var t,r=this.edgeToGroupKey.get(e);return r?(t=this.groups.get(r))!==null&&t!==void 0?t:[]:[]}},{key:"getSiblings",value:function(e){return this.getGroup(e).filter(function(t){return t!==e})}},{key:"rebuild",value:function(){var e=this;this.groups.clear(),this.edgeToGroupKey.clear(),this.graph.forEachEdge(function(l,u,d,h){var c=rs(d,h),f=e.groups.get(c);f||(f=[],e.groups.set(c,f)),f.push(l),e.edgeToGroupKey.set(l,c)});var t=U(this.groups),r;try{for(t.s();!(r=t.n()).done;){var i=re(r.value,2),o=i[0],s=i[1];s.length>1&&this.sortGroup(s,o),this.onGroupChanged(s,s.length)}}catch(l){t.e(l)}finally{t.f()}}},{key:"clear",value:function(){this.groups.clear(),this.edgeToGroupKey.clear()}}])}();function is(n,a){var e;if(n===!1||n==="extend"||n==="separate")return n;var t=n[a];return t!==void 0?t:(e=n.default)!==null&&e!==void 0?e:!1}function os(n){return n===!1?!1:n==="extend"||n==="separate"?!0:Object.values(n).some(function(a){return a==="extend"||a==="separate"})}function ss(n){return n==="separate"?!0:n===!1||n==="extend"?!1:n.default==="separate"?!0:Object.values(n).includes("separate")}var Ce={node:{parent:null,eventSuffix:"Node",payloadKey:"node",isEnabled:function(){return!0},writesPickingThisFrame:function(){return!0},setHover:function(a,e,t){return a.setNodeState(e,{isHovered:t})},getCursor:function(a,e){var t;return(t=a.nodeDataCache[e])===null||t===void 0?void 0:t.cursor},isHitValid:function(a,e){var t;return((t=a.nodeDataCache[e])===null||t===void 0?void 0:t.visibility)!=="hidden"}},edge:{parent:null,eventSuffix:"Edge",payloadKey:"edge",isEnabled:function(a){return!!a.settings.enableEdgeEvents},writesPickingThisFrame:function(a){return!!a.settings.enableEdgeEvents},setHover:function(a,e,t){return a.setEdgeState(e,{isHovered:t})},getCursor:function(a,e){var t;return(t=a.edgeDataCache[e])===null||t===void 0?void 0:t.cursor}},nodeLabel:{parent:"node",eventSuffix:"NodeLabel",payloadKey:"node",isEnabled:function(a){return ss(a.settings.nodeLabelEvents)},writesPickingThisFrame:function(a){return os(a.settings.nodeLabelEvents)},setHover:function(a,e,t){return a.setNodeState(e,{isLabelHovered:t})},getCursor:function(a,e){var t;return(t=a.nodeDataCache[e])===null||t===void 0?void 0:t.labelCursor},resolveForVerb:function(a,e,t){var r=is(t.settings.nodeLabelEvents,e);return r===!1?null:r==="extend"?{kind:"node",key:a.key}:a}},edgeLabel:{parent:"edge",eventSuffix:"EdgeLabel",payloadKey:"edge",isEnabled:function(a){return ss(a.settings.edgeLabelEvents)},writesPickingThisFrame:function(a){return os(a.settings.edgeLabelEvents)},setHover:function(a,e,t){return a.setEdgeState(e,{isLabelHovered:t})},getCursor:function(a,e){var t;return(t=a.edgeDataCache[e])===null||t===void 0?void 0:t.labelCursor},resolveForVerb:function(a,e,t){var r=is(t.settings.edgeLabelEvents,e);return r===!1?null:r==="extend"?{kind:"edge",key:a.key}:a}}},Ut=["node","edge","nodeLabel","edgeLabel"];function Ic(){return{lookup:[null],idsByKind:{node:new Map,edge:new Map,nodeLabel:new Map,edgeLabel:new Map},nextId:1}}function Ot(n,a,e){var t;return(t=n.idsByKind[a].get(e))!==null&&t!==void 0?t:0}function Or(n,a){var e=U(Ut),t;try{for(e.s();!(t=e.n()).done;){var r=t.value;if(r===a||Ce[r].parent===a){var i=U(n.idsByKind[r].values()),o;try{for(i.s();!(o=i.n()).done;){var s=o.value;n.lookup[s]=null}}catch(c){i.e(c)}finally{i.f()}n.idsByKind[r]=new Map}}}catch(c){e.e(c)}finally{e.f()}var l=1,u=U(Ut),d;try{for(u.s();!(d=u.n()).done;){var h=d.value;if(h===a)break;l+=n.idsByKind[h].size}}catch(c){u.e(c)}finally{u.f()}n.nextId=l}function ls(n,a,e){var t=n.nextId++;return n.idsByKind[a].set(e,t),n.lookup[t]={kind:a,key:e},t}function Fc(n,a){var e=U(Ut),t;try{for(e.s();!(t=e.n()).done;){var r=t.value;if(Ce[r].parent!==null){var i=U(n.idsByKind[r].values()),o;try{for(i.s();!(o=i.n()).done;){var s=o.value;n.lookup[s]=null}}catch(x){i.e(x)}finally{i.f()}n.idsByKind[r]=new Map}}}catch(x){e.e(x)}finally{e.f()}n.nextId=1;var l=U(Ut),u;try{for(l.s();!(u=l.n()).done;){var d=u.value;if(Ce[d].parent===null){var h=U(n.idsByKind[d].values()),c;try{for(h.s();!(c=h.n()).done;){var f=c.value;f>=n.nextId&&(n.nextId=f+1)}}catch(x){h.e(x)}finally{h.f()}}}}catch(x){l.e(x)}finally{l.f()}var g=U(Ut),m;try{for(g.s();!(m=g.n()).done;){var v=m.value,p=Ce[v];if(!(p.parent===null||!p.isEnabled(a))){var y=U(n.idsByKind[p.parent].keys()),b;try{for(y.s();!(b=y.n()).done;){var _=b.value;n.idsByKind[v].set(_,n.nextId),n.lookup[n.nextId]={kind:v,key:_},n.nextId++}}catch(x){y.e(x)}finally{y.f()}}}}catch(x){g.e(x)}finally{g.f()}}function Gc(n,a){var e=U(Ut),t;try{for(e.s();!(t=e.n()).done;){var r=t.value,i=n[r],o=a[r];if(i!==o){if(i.size!==o.size)return!1;var s=U(i),l;try{for(s.s();!(l=s.n()).done;){var u=re(l.value,2),d=u[0],h=u[1];if(o.get(d)!==h)return!1}}catch(c){s.e(c)}finally{s.f()}}}}catch(c){e.e(c)}finally{e.f()}return!0}function us(n,a,e){Ce[a.kind].setHover(n,a.key,e)}function zc(n,a){return Ce[a.kind].getCursor(n,a.key)}function Mn(n,a){return"".concat(a).concat(Ce[n].eventSuffix)}function On(n,a){return H(H({},a),{},D({},Ce[n.kind].payloadKey,n.key))}function Nc(n,a,e){var t=Ce[a.kind].resolveForVerb;return t?t(a,e,n):a}function Wc(n,a){var e=Ce[a.kind].isHitValid;return e?e(n,a.key):!0}function Ur(n){return Ut.filter(function(a){return a===n||Ce[a].parent===n})}function xs(n,a,e){return a&&(a=Nc(n,a,e)),a&&!Wc(n,a)&&(a=null),a}function Br(n,a,e){var t=e==="wheel"?n.stateManager.hovered:n.getHitAtPosition(a);return xs(n,t,e)}function Mc(n,a){return!n||!a?n===a:n.kind===a.kind&&n.key===a.key}function _s(n,a,e){var t={event:e,preventSigmaDefault:function(){return e.preventSigmaDefault()}},r=n.dragManager.session,i=r?{kind:"node",key:r.node}:xs(n,a,"enter"),o=n.stateManager,s=o.hovered;Mc(s,i)||(s&&(us(n,s,!1),n.emit(Mn(s.kind,"leave"),On(s,t))),o.setHovered(i),i&&(us(n,i,!0),n.emit(Mn(i.kind,"enter"),On(i,t))),n.updateContainerCursor())}function Oc(n,a,e,t){t.handleResize=function(){return n.scheduleRefresh()},window.addEventListener("resize",t.handleResize),t.handleMove=function(i){n.hoverResolver.pointerMoved(Wt(i))},t.handleMoveBody=function(i){var o=Wt(i),s=n.dragManager;if(s.pendingNode&&!s.session){var l=n.nodeStyleAnalysis,u=l.xAttribute,d=l.yAttribute,h=n.settings;s.start(s.pendingNode,o,h.getDraggedNodes,u||"x",d||"y"),s.pendingNode=null}s.session&&(s.applyMove(o,n.settings.dragPositionToAttributes),n.emit("nodeDrag",{node:s.session.node,allDraggedNodes:s.session.allNodes,event:o}),o.preventSigmaDefault()),n.emit("moveBody",{event:o,preventSigmaDefault:function(){return o.preventSigmaDefault()}})},t.handleLeave=function(i){var o=Wt(i),s={event:o,preventSigmaDefault:function(){return o.preventSigmaDefault()}};n.hoverResolver.pointerLeft(),_s(n,null,o),n.emit("leaveStage",s)},t.handleEnter=function(i){var o=Wt(i);n.emit("enterStage",{event:o,preventSigmaDefault:function(){return o.preventSigmaDefault()}})};var r=function(o){return function(s){var l=Wt(s),u={event:l,preventSigmaDefault:function(){return l.preventSigmaDefault()}},d=Br(n,l,o);if(d){n.emit(Mn(d.kind,o),On(d,u));return}n.emit("".concat(o,"Stage"),u)}};t.handleClick=r("click"),t.handleRightClick=r("rightClick"),t.handleDoubleClick=r("doubleClick"),t.handleWheel=r("wheel"),t.handleDown=function(i){var o=Wt(i),s={event:o,preventSigmaDefault:function(){return o.preventSigmaDefault()}},l=Br(n,o,"down");if(l){l.kind==="node"&&n.settings.enableNodeDrag&&(n.dragManager.pendingNode=l.key),n.emit(Mn(l.kind,"down"),On(l,s));return}n.emit("downStage",s)},t.handleUp=function(i){var o=Wt(i),s={event:o,preventSigmaDefault:function(){return o.preventSigmaDefault()}},l=n.dragManager.end();l&&n.emit("nodeDragEnd",H({node:l.node,allDraggedNodes:l.allNodes},s));var u=Br(n,o,"up");if(u){n.emit(Mn(u.kind,"up"),On(u,s));return}n.emit("upStage",s)},a.on("mousemove",t.handleMove),a.on("mousemovebody",t.handleMoveBody),a.on("click",t.handleClick),a.on("rightClick",t.handleRightClick),a.on("doubleClick",t.handleDoubleClick),a.on("wheel",t.handleWheel),a.on("mousedown",t.handleDown),a.on("mouseup",t.handleUp),a.on("mouseleave",t.handleLeave),a.on("mouseenter",t.handleEnter),e.on("touchdown",t.handleDown),e.on("touchdown",t.handleMove),e.on("touchup",t.handleUp),e.on("touchmove",t.handleMove),e.on("tap",t.handleClick),e.on("doubletap",t.handleDoubleClick),e.on("touchmove",t.handleMoveBody)}function Uc(n,a){var e=n.graph,t=new Set(["x","y","zIndex","type"]);a.eachNodeAttributesUpdatedGraphUpdate=function(r){var i,o=(i=r.hints)===null||i===void 0?void 0:i.attributes,s=!o||o.some(function(l){return t.has(l)});n.refresh({partialGraph:{nodes:e.nodes()},skipIndexation:!s,schedule:!0})},a.eachEdgeAttributesUpdatedGraphUpdate=function(r){var i,o=(i=r.hints)===null||i===void 0?void 0:i.attributes,s=o&&["zIndex","type"].some(function(l){return o?.includes(l)});n.refresh({partialGraph:{edges:e.edges()},skipIndexation:!s,schedule:!0})},a.addNodeGraphUpdate=function(r){n.addNode(r.key),n.refresh({partialGraph:{nodes:[r.key]},skipIndexation:!1,schedule:!0})},a.updateNodeGraphUpdate=function(r){n.refresh({partialGraph:{nodes:[r.key]},skipIndexation:!1,schedule:!0})},a.dropNodeGraphUpdate=function(r){n.removeNode(r.key),n.refresh({schedule:!0})},a.addEdgeGraphUpdate=function(r){var i=r.key;n.edgeGroups.register(i),n.addEdge(i);var o=n.edgeGroups.getSiblings(i),s=U(o),l;try{for(s.s();!(l=s.n()).done;){var u=l.value;n.addEdge(u)}}catch(d){s.e(d)}finally{s.f()}n.refresh({partialGraph:{edges:[i].concat(Z(o))},schedule:!0})},a.updateEdgeGraphUpdate=function(r){n.refresh({partialGraph:{edges:[r.key]},skipIndexation:!1,schedule:!0})},a.dropEdgeGraphUpdate=function(r){var i=r.key,o=n.edgeGroups.getSiblings(i);n.edgeGroups.unregister(i),n.removeEdge(i);var s=U(o),l;try{for(s.s();!(l=s.n()).done;){var u=l.value;n.addEdge(u)}}catch(d){s.e(d)}finally{s.f()}n.refresh({schedule:!0})},a.clearEdgesGraphUpdate=function(){n.clearEdgeState(),n.clearEdgeIndices(),n.refresh({schedule:!0})},a.clearGraphUpdate=function(){n.clearEdgeState(),n.clearNodeState(),n.clearEdgeIndices(),n.clearNodeIndices(),n.refresh({schedule:!0})},e.on("nodeAdded",a.addNodeGraphUpdate),e.on("nodeDropped",a.dropNodeGraphUpdate),e.on("nodeAttributesUpdated",a.updateNodeGraphUpdate),e.on("eachNodeAttributesUpdated",a.eachNodeAttributesUpdatedGraphUpdate),e.on("edgeAdded",a.addEdgeGraphUpdate),e.on("edgeDropped",a.dropEdgeGraphUpdate),e.on("edgeAttributesUpdated",a.updateEdgeGraphUpdate),e.on("eachEdgeAttributesUpdated",a.eachEdgeAttributesUpdatedGraphUpdate),e.on("edgesCleared",a.clearEdgesGraphUpdate),e.on("cleared",a.clearGraphUpdate)}function Bc(n,a){n.removeListener("nodeAdded",a.addNodeGraphUpdate),n.removeListener("nodeDropped",a.dropNodeGraphUpdate),n.removeListener("nodeAttributesUpdated",a.updateNodeGraphUpdate),n.removeListener("eachNodeAttributesUpdated",a.eachNodeAttributesUpdatedGraphUpdate),n.removeListener("edgeAdded",a.addEdgeGraphUpdate),n.removeListener("edgeDropped",a.dropEdgeGraphUpdate),n.removeListener("edgeAttributesUpdated",a.updateEdgeGraphUpdate),n.removeListener("eachEdgeAttributesUpdated",a.eachEdgeAttributesUpdatedGraphUpdate),n.removeListener("edgesCleared",a.clearEdgesGraphUpdate),n.removeListener("cleared",a.clearGraphUpdate)}var Hc={x:.5,y:.5,angle:0,ratio:1},$c=8,jc=.001;function Vc(n){var a=n.coords,e=n.nodeData,t=n.dimensions,r=n.stagePadding,i=n.zoomToSizeRatioFunction,o=n.itemSizesReference,s=n.fitLabels,l=n.nodeLabelBox,u=Object.keys(a);if(!u.length)return n.extent;for(var d=i(1)||1,h=o==="positions",c=t.width,f=t.height,g=n.extent,m=0;m<$c;m++){for(var v=xa(g),p={width:g.x[1]-g.x[0]||1,height:g.y[1]-g.y[0]||1},y=mt(Hc,t,p,r),b=ds(y,v({x:0,y:0}),c,f),_=ds(y,v({x:1,y:0}),c,f),x=Math.hypot(_.x-b.x,_.y-b.y)||1,E=1/0,w=-1/0,A=1/0,S=-1/0,C=0,G=u.length;C<G;C++){var L=u[C],N=e[L],k=N.size/d*(h?x:1),I=-k,W=k,P=-k,T=k;if(s){var F=l(N,k);F&&(F.minX<I&&(I=F.minX),F.maxX>W&&(W=F.maxX),F.minY<P&&(P=F.minY),F.maxY>T&&(T=F.maxY))}var O=a[L],z=O.x,R=O.y;E=Math.min(E,z+I/x),w=Math.max(w,z+W/x),A=Math.min(A,R-T/x),S=Math.max(S,R-P/x)}var V={x:[E,w],y:[A,S]},j=Math.max(V.x[1]-V.x[0],V.y[1]-V.y[0])||1,K=Math.max(Math.abs(V.x[0]-g.x[0]),Math.abs(V.x[1]-g.x[1]),Math.abs(V.y[0]-g.y[0]),Math.abs(V.y[1]-g.y[1]));if(g=V,K/j<jc)break}return g}function ds(n,a,e,t){var r=en(n,a);return{x:(1+r.x)*e/2,y:(1-r.y)*t/2}}var qc=typeof navigator<"u"&&/Mac|iP(hone|ad|od)/.test(navigator.platform),Xc=1500,Yc=`.sigma-gesture-hint {
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  text-align: center;
  padding: 1em;
  background: #00000066;
  color: #ffffff;
  font-size: 1em;
  pointer-events: none;
  transition: opacity 0.1s;
}`;function hs(n){var a,e,t=on("style");t.textContent=n,document.head.appendChild(t);var r=((a=(e=t.sheet)===null||e===void 0?void 0:e.cssRules.length)!==null&&a!==void 0?a:0)>0;return t.remove(),r}var Mt=null;function Kc(){return Mt===null&&(Mt=Yc,hs("@scope {}")&&(Mt=`@scope {
`.concat(Mt,`
}`)),hs("@layer sigma-gesture-hint {}")&&(Mt=`@layer sigma-gesture-hint {
`.concat(Mt,`
}`))),Mt}var Zc=function(){function n(a){te(this,n),D(this,"hideTimeout",null),this.styleElement=on("style"),this.styleElement.textContent=Kc(),a.appendChild(this.styleElement),this.element=on("div",{opacity:"0"},{class:"sigma-gesture-hint"}),a.appendChild(this.element)}return ne(n,[{key:"show",value:function(e,t){var r=this,i=e==="touch"?t.sharedGestureTouchMessage:qc?t.sharedGestureAppleWheelMessage:t.sharedGestureWheelMessage;i&&(this.element.textContent=i,this.element.style.opacity="1",typeof this.hideTimeout=="number"&&clearTimeout(this.hideTimeout),this.hideTimeout=window.setTimeout(function(){r.hideTimeout=null,r.element.style.opacity="0"},Xc))}},{key:"kill",value:function(){typeof this.hideTimeout=="number"&&clearTimeout(this.hideTimeout),this.styleElement.remove(),this.element.remove()}}])}(),Qc=function(){function n(a){te(this,n),D(this,"readBuffer",null),D(this,"fence",null),D(this,"result",new Uint8Array(4)),D(this,"generation",0),D(this,"readGeneration",0),D(this,"lastEvent",null),D(this,"active",!1),D(this,"dirty",!1),D(this,"rafId",null),D(this,"killed",!1),this.options=a}return ne(n,[{key:"pointerMoved",value:function(e){this.lastEvent=e,this.active=!0,!this.options.isRenderPending()&&this.request()}},{key:"pointerLeft",value:function(){this.active=!1,this.dirty=!1}},{key:"frameRendered",value:function(){this.request()}},{key:"invalidate",value:function(){this.generation++}},{key:"request",value:function(){if(!(this.killed||!this.active||!this.lastEvent)){if(this.fence){this.dirty=!0;return}this.startRead()}}},{key:"startRead",value:function(){var e=this.options,t=e.gl,r=e.getFrameBuffer,i=e.getPixelRatio,o=e.getDownSizingRatio;this.readGeneration=this.generation;var s=this.lastEvent,l=ir(t,s.x,s.y,i(),o()),u=re(l,2),d=u[0],h=u[1];this.readBuffer||(this.readBuffer=t.createBuffer()),t.bindFramebuffer(t.FRAMEBUFFER,r()),t.bindBuffer(t.PIXEL_PACK_BUFFER,this.readBuffer),t.bufferData(t.PIXEL_PACK_BUFFER,4,t.STREAM_READ),t.readPixels(d,h,1,1,t.RGBA,t.UNSIGNED_BYTE,0),t.bindBuffer(t.PIXEL_PACK_BUFFER,null),t.bindFramebuffer(t.FRAMEBUFFER,null),this.fence=t.fenceSync(t.SYNC_GPU_COMMANDS_COMPLETE,0),t.flush(),this.schedulePoll(s)}},{key:"schedulePoll",value:function(e){var t=this;this.rafId=requestAnimationFrame(function(){t.rafId=null,t.poll(e)})}},{key:"poll",value:function(e){var t=this.options,r=t.gl,i=t.onIndex;if(!(this.killed||!this.fence)){var o=r.clientWaitSync(this.fence,0,0);if(o===r.TIMEOUT_EXPIRED){this.schedulePoll(e);return}if(r.deleteSync(this.fence),this.fence=null,o!==r.WAIT_FAILED&&this.readGeneration===this.generation){r.bindBuffer(r.PIXEL_PACK_BUFFER,this.readBuffer),r.getBufferSubData(r.PIXEL_PACK_BUFFER,0,this.result),r.bindBuffer(r.PIXEL_PACK_BUFFER,null);var s=re(this.result,4),l=s[0],u=s[1],d=s[2],h=s[3];this.active&&i(or(l,u,d,h),e)}this.dirty&&(this.dirty=!1,this.active&&this.lastEvent&&!this.options.isRenderPending()&&this.startRead())}}},{key:"reset",value:function(){this.rafId!==null&&cancelAnimationFrame(this.rafId),this.rafId=null,this.fence=null,this.readBuffer=null,this.dirty=!1}},{key:"kill",value:function(){this.killed=!0,this.rafId!==null&&cancelAnimationFrame(this.rafId),this.rafId=null;var e=this.options.gl;this.fence&&e.deleteSync(this.fence),this.fence=null,this.readBuffer&&e.deleteBuffer(this.readBuffer),this.readBuffer=null}}])}(),cs=function(){function n(a,e){te(this,n),this.key=a,this.size=e}return ne(n,null,[{key:"compare",value:function(e,t){return e.size>t.size?-1:e.size<t.size||e.key>t.key?1:-1}}])}(),Na=function(){function n(){te(this,n),D(this,"width",0),D(this,"height",0),D(this,"cellSize",0),D(this,"columns",0),D(this,"rows",0),D(this,"cells",{})}return ne(n,[{key:"resizeAndClear",value:function(e,t){this.width=e.width,this.height=e.height,this.cellSize=t,this.columns=Math.ceil(e.width/t),this.rows=Math.ceil(e.height/t),this.cells={}}},{key:"getIndex",value:function(e){var t=Math.floor(e.x/this.cellSize),r=Math.floor(e.y/this.cellSize);return r*this.columns+t}},{key:"add",value:function(e,t,r){var i=new cs(e,t),o=this.getIndex(r),s=this.cells[o];s||(s=[],this.cells[o]=s),s.push(i)}},{key:"organize",value:function(){for(var e in this.cells){var t=this.cells[e];t.sort(cs.compare)}}},{key:"getLabelsToDisplay",value:function(e,t,r){var i=this.cellSize*this.cellSize,o=i/e/e,s=o*t/i,l=Math.ceil(s),u=[];if(r)for(var d=Math.max(0,Math.floor(r.x1/this.cellSize)),h=Math.min(this.columns-1,Math.floor(r.x2/this.cellSize)),c=Math.max(0,Math.floor(r.y1/this.cellSize)),f=Math.min(this.rows-1,Math.floor(r.y2/this.cellSize)),g=c;g<=f;g++)for(var m=d;m<=h;m++){var v=g*this.columns+m,p=this.cells[v];if(p)for(var y=0;y<Math.min(l,p.length);y++)u.push(p[y].key)}else for(var b in this.cells)for(var _=this.cells[b],x=0;x<Math.min(l,_.length);x++)u.push(_[x].key);return u}}])}();function Jc(n){var a=n.graph,e=n.hoveredNode,t=n.highlightedNodes,r=n.displayedNodeLabels,i=new Set,o=new Set(t);e&&o.add(e);var s=U(o),l;try{for(s.s();!(l=s.n()).done;){var u=l.value;a.hasNode(u)&&a.forEachEdge(u,function(f){i.add(f)})}}catch(f){s.e(f)}finally{s.f()}var d=U(r),h;try{var c=function(){var g=h.value;if(o.has(g))return 1;a.forEachEdge(g,function(m,v,p,y){var b=p===g?y:p;r.has(b)&&i.add(m)})};for(d.s();!(h=d.n()).done;)c()}catch(f){d.e(f)}finally{d.f()}return Array.from(i)}var gn=150,pn=50,ef={both:0,node:1,label:2},tf={over:0,above:1,below:2,auto:3},fs=12,nf=3,af=function(){function n(a){te(this,n),D(this,"labelGrid",new Na),D(this,"edgeAnchorGrid",new Na),D(this,"displayedNodeLabels",new Set),D(this,"displayedEdgeLabels",new Set),D(this,"edgeLabelCandidates",[]),D(this,"renderedNodeLabels",new Set),D(this,"labelSizeCache",new Map),D(this,"framePassPoints",new Float32Array(0)),D(this,"labelsDirty",!0),this.internals=a}return ne(n,[{key:"resetFrame",value:function(){this.displayedNodeLabels=new Set,this.renderedNodeLabels=new Set,this.labelSizeCache.clear()}},{key:"clearEdgeLabels",value:function(){this.displayedEdgeLabels=new Set}},{key:"resetLabelGrid",value:function(){this.labelGrid=new Na,this.edgeAnchorGrid=new Na}},{key:"processWebGLLabels",value:function(e){for(var t,r=this.internals,i=r.labelProgram,o=r.primitives,s=r.nodeDataCache,l=(o==null||(t=o.nodes)===null||t===void 0||(t=t.label)===null||t===void 0||(t=t.font)===null||t===void 0?void 0:t.family)||"sans-serif",u=new Map,d=0,h=e.length;d<h;d++){var c=e[d],f=s[c];if(!(f.visibility==="hidden"||!f.label)){var g=f.labelFont||l,m=u.get(g);m?m.push(f.label):u.set(g,[f.label])}}var v=U(u),p;try{for(v.s();!(p=v.n()).done;){var y=re(p.value,2),b=y[0],_=y[1],x=Ea(b),E=x.family,w=x.weight,A=x.style,S=i.registerFont(E,w,A);i.ensureGlyphsReady(_,S)}}catch(C){v.e(C)}finally{v.f()}}},{key:"measureNodeLabel",value:function(e){var t,r;if(!e.label)return{width:0,height:0,textHeight:0};var i=this.internals,o=i.labelProgram,s=i.primitives,l=(t=e.labelSize)!==null&&t!==void 0?t:14,u=e.labelFont||(s==null||(r=s.nodes)===null||r===void 0||(r=r.label)===null||r===void 0||(r=r.font)===null||r===void 0?void 0:r.family)||"sans-serif",d="".concat(e.label,"|").concat(l,"|").concat(u);if(this.labelSizeCache.has(d))return this.labelSizeCache.get(d);var h=Ea(u),c=h.family,f=h.weight,g=h.style,m=o.registerFont(c,f,g),v=o.measureLabel(e.label,l,m);return this.labelSizeCache.set(d,v),v}},{key:"nodeLabelBox",value:function(e,t){var r,i,o,s,l;if(e.visibility==="hidden"||e.labelVisibility==="hidden")return null;var u=this.measureNodeLabel(e),d=u.width,h=u.height,c=u.textHeight;if(!d)return null;var f=(r=(i=this.internals.primitives)===null||i===void 0||(i=i.nodes)===null||i===void 0||(i=i.label)===null||i===void 0?void 0:i.margin)!==null&&r!==void 0?r:un,g=t+f,m=e.labelBackgroundColor?(o=e.labelBackgroundPadding)!==null&&o!==void 0?o:Rr:0,v=d/2,p=h/2,y=v+m,b=p+m,_=c/2,x=0,E=0;switch((s=e.labelPosition)!==null&&s!==void 0?s:"right"){case"left":x=-(g+v);break;case"above":E=-(g+_);break;case"below":E=g+_;break;case"over":break;default:x=g+v}var w=(l=e.labelAngle)!==null&&l!==void 0?l:0,A=rr({x,y:E},w),S=A.x,C=A.y,G=Math.abs(Math.cos(w)),L=Math.abs(Math.sin(w)),N=G*y+L*b,k=L*y+G*b;return{minX:S-N,maxX:S+N,minY:C-k,maxY:C+k}}},{key:"computeDisplayedNodeLabels",value:function(){var e=this.internals.getCameraState(),t=this.internals.getDimensions(),r=t.width,i=t.height,o=this.internals.viewportToFramedGraph({x:-gn,y:-pn}),s=this.internals.viewportToFramedGraph({x:r+gn,y:-pn}),l=this.internals.viewportToFramedGraph({x:-gn,y:i+pn}),u=this.internals.viewportToFramedGraph({x:r+gn,y:i+pn}),d=Math.min(o.x,s.x,l.x,u.x),h=Math.max(o.x,s.x,l.x,u.x),c=Math.min(o.y,s.y,l.y,u.y),f=Math.max(o.y,s.y,l.y,u.y),g=mt({x:.5,y:.5,ratio:1,angle:0},{width:r,height:i},this.internals.getGraphDimensions(),this.internals.getStagePadding()),m=function(F){var O=en(g,F);return{x:(1+O.x)*r/2,y:(1-O.y)*i/2}},v=m({x:d,y:c}),p=m({x:h,y:c}),y=m({x:d,y:f}),b=m({x:h,y:f}),_={x1:Math.min(v.x,p.x,y.x,b.x),y1:Math.min(v.y,p.y,y.y,b.y),x2:Math.max(v.x,p.x,y.x,b.x),y2:Math.max(v.y,p.y,y.y,b.y)},x=this.internals,E=x.settings,w=x.nodeDataCache,A=x.nodesWithForcedLabels,S=this.labelGrid.getLabelsToDisplay(e.ratio,E.labelDensity,_);yr(S,A);for(var C=0,G=S.length;C<G;C++){var L=S[C],N=w[L];if(!this.displayedNodeLabels.has(L)&&!(N.visibility==="hidden"||N.labelVisibility==="hidden")&&N.label&&!(N.x<d||N.x>h||N.y<c||N.y>f)){var k=this.internals.framedGraphToViewport(N),I=k.x,W=k.y,P=this.internals.scaleSize(N.size);!bt(N)&&P<E.labelRenderedSizeThreshold||I<-gn-P||I>r+gn+P||W<-pn-P||W>i+pn+P||this.displayedNodeLabels.add(L)}}}},{key:"buildFramePassPoints",value:function(){var e=this.internals,t=e.nodeDataCache,r=e.nodeDataTexture;if(!r)return{data:this.framePassPoints,count:0};var i=this.displayedNodeLabels.size*3;this.framePassPoints.length<i&&(this.framePassPoints=new Float32Array(i));var o=this.framePassPoints,s=0,l=U(this.displayedNodeLabels),u;try{for(l.s();!(u=l.n()).done;){var d,h,c=u.value,f=t[c];if(f){var g=r.getIndex(c);g<0||(o[s*3]=g,o[s*3+1]=(d=ln[f.labelPosition||ht.labelPosition])!==null&&d!==void 0?d:0,o[s*3+2]=(h=f.labelAngle)!==null&&h!==void 0?h:0,s++)}}}catch(m){l.e(m)}finally{l.f()}return{data:o,count:s}}},{key:"renderWebGLLabels",value:function(e,t){var r=this.internals,i=r.nodeDataCache,o=r.labelProgram,s=r.primitives,l=r.nodeDataTexture,u=[],d=U(this.displayedNodeLabels),h;try{for(d.s();!(h=d.n()).done;){var c=h.value;if(!this.renderedNodeLabels.has(c)){var f=i[c];t&&f.labelDepth!==t||(this.renderedNodeLabels.add(c),u.push(c))}}}catch(ue){d.e(ue)}finally{d.f()}if(u.length!==0){if(this.labelsDirty){for(var g,m,v,p=0,y=0,b=u.length;y<b;y++){var _=i[u[y]];p+=_.label.length}o.reallocate(p);for(var x=14,E=(g=s==null||(m=s.nodes)===null||m===void 0||(m=m.label)===null||m===void 0?void 0:m.margin)!==null&&g!==void 0?g:un,w=ht.labelPosition,A=(s==null||(v=s.nodes)===null||v===void 0||(v=v.label)===null||v===void 0||(v=v.font)===null||v===void 0?void 0:v.family)||"sans-serif",S=new Map,C=0,G=0,L=u.length;G<L;G++){var N,k,I,W,P=u[G],T=i[P],F=T.labelFont||A,O=S.get(F);if(O===void 0){var z=Ea(F),R=z.family,V=z.weight,j=z.style;O=o.registerFont(R,V,j),S.set(F,O)}var K={text:T.label,x:T.x,y:T.y,size:(N=T.labelSize)!==null&&N!==void 0?N:x,color:T.labelColor,nodeSize:T.size,margin:E,position:(k=T.labelPosition)!==null&&k!==void 0?k:w,hidden:!1,forceLabel:bt(T),type:"default",zIndex:(I=T.zIndex)!==null&&I!==void 0?I:0,parentType:"node",parentKey:P,fontKey:O,labelAngle:(W=T.labelAngle)!==null&&W!==void 0?W:0,nodeIndex:l.getIndex(P)},Se=o.processLabel(P,C,K);C+=Se}o.invalidateBuffers()}o.render(e)}}},{key:"renderBackdrops",value:function(e,t){var r=this.internals,i=r.backdropProgram,o=r.nodeDataCache,s=r.nodesWithBackdrop,l=r.attachmentManager,u=r.pixelRatio,d=r.nodeDataTexture,h=[],c=U(s),f;try{for(c.s();!(f=c.n()).done;){var g,m=f.value,v=o[m];if(!(!v||v.visibility==="hidden")&&!(t&&v.depth!==t)){var p=(g=d?.getIndex(m))!==null&&g!==void 0?g:-1;p<0||h.push({key:m,nodeIndex:p})}}}catch(X){c.e(X)}finally{c.f()}if(h.length!==0){i.reallocate(h.length);for(var y=0;y<h.length;y++){var b,_,x,E,w,A,S,C,G=h[y],L=G.key,N=G.nodeIndex,k=o[L],I=this.displayedNodeLabels.has(L),W=I?this.measureNodeLabel(k):{width:0,height:0,textHeight:0},P=W.textHeight,T=W.width,F=W.height,O=0,z=0;if(I&&k.labelAttachment&&l){var R=l.getEntry(L,k.labelAttachment);if(R){var V=k.labelAttachmentPlacement||"below";if(V==="below"||V==="above"){var j=R.height/u;F+=j+Tt,T=Math.max(T,R.width/u),z=V==="below"?(j+Tt)/2:-(j+Tt)/2}else{var K=R.width/u;T+=K+Tt,F=Math.max(F,R.height/u),O=V==="right"?(K+Tt)/2:-(K+Tt)/2}}}var Se=k.backdropColor?yt(k.backdropColor):[255,255,255,255],ue=k.backdropShadowColor?yt(k.backdropShadowColor):[0,0,0,128],Y=Se.map(function(X){return X/255}),Je=ue.map(function(X){return X/255}),Re=(b=k.backdropShadowBlur)!==null&&b!==void 0?b:12,Dt=(_=k.backdropPadding)!==null&&_!==void 0?_:6,Xe=k.backdropBorderColor?yt(k.backdropBorderColor):[0,0,0,0],Ka=Xe.map(function(X){return X/255}),$t=(x=k.backdropBorderWidth)!==null&&x!==void 0?x:0,fe=(E=k.backdropCornerRadius)!==null&&E!==void 0?E:0,ie=(w=k.backdropLabelPadding)!==null&&w!==void 0?w:-1,oe=ie<0?Dt:ie,Ye=(A=ef[(S=k.backdropArea)!==null&&S!==void 0?S:"both"])!==null&&A!==void 0?A:0,J={key:L,nodeIndex:N,label:k.label,labelWidth:T,labelHeight:F,textHeight:P,type:"default",position:k.labelPosition||ht.labelPosition,labelAngle:(C=k.labelAngle)!==null&&C!==void 0?C:0,backdropColor:Y,backdropShadowColor:Je,backdropShadowBlur:Re,backdropPadding:Dt,backdropBorderColor:Ka,backdropBorderWidth:$t,backdropCornerRadius:fe,backdropLabelPadding:oe,backdropArea:Ye,labelBoxOffset:[O,z]};i.processBackdrop(y,J)}i.invalidateBuffers(),i.render(e)}}},{key:"renderLabelBackgrounds",value:function(e,t){var r=this.internals,i=r.labelBackgroundProgram,o=r.nodeDataCache,s=r.nodeDataTexture,l=Ce.nodeLabel.writesPickingThisFrame(this.internals),u=[],d=U(this.displayedNodeLabels),h;try{for(d.s();!(h=d.n()).done;){var c=h.value,f=o[c];!f||f.visibility==="hidden"||t&&f.labelDepth!==t||!l&&!f.labelBackgroundColor||u.push(c)}}catch(N){d.e(N)}finally{d.f()}if(u.length!==0){i.reallocate(u.length);for(var g=0;g<u.length;g++){var m,v,p,y,b=u[g],_=o[b],x=(m=s?.getIndex(b))!==null&&m!==void 0?m:-1;if(!(x<0)){var E=this.measureNodeLabel(_),w=E.width,A=E.height,S=E.textHeight,C=Ot(this.internals.pickingState,"nodeLabel",b)||Ot(this.internals.pickingState,"node",b),G=_.labelBackgroundColor?Be(_.labelBackgroundColor):Be("transparent"),L={nodeIndex:x,id:tn(C),color:G,labelWidth:w,labelHeight:A,textHeight:S,positionMode:(v=ln[_.labelPosition||ht.labelPosition])!==null&&v!==void 0?v:0,labelAngle:(p=_.labelAngle)!==null&&p!==void 0?p:0,padding:(y=_.labelBackgroundPadding)!==null&&y!==void 0?y:Rr};i.processLabelBackground(g,L)}}i.invalidateBuffers(),i.render(e)}}},{key:"cacheAttachments",value:function(e){var t=this.internals,r=t.attachmentManager,i=t.pixelRatio,o=t.nodeDataCache,s=t.nodesWithBackdrop,l=t.graph;if(r){var u=U(s),d;try{for(u.s();!(d=u.n()).done;){var h=d.value;if(this.displayedNodeLabels.has(h)){var c=o[h];if(!(!c||c.visibility==="hidden")&&!(e&&c.depth!==e)&&c.labelAttachment){var f=l.getNodeAttributes(h),g=this.measureNodeLabel(c),m=g.width,v=g.height,p={node:h,attributes:f,pixelRatio:i,labelWidth:m,labelHeight:v};r.renderAttachment(h,c.labelAttachment,p)}}}}catch(y){u.e(y)}finally{u.f()}r.regenerateAtlas()}}},{key:"renderAttachments",value:function(e,t){var r=this.internals,i=r.attachmentManager,o=r.attachmentProgram,s=r.nodeDataCache,l=r.nodesWithBackdrop,u=r.pixelRatio,d=r.nodeDataTexture;if(!(!i||!o)){var h=0;o.reallocateAttachments(l.size);var c=U(l),f;try{for(c.s();!(f=c.n()).done;){var g,m,v,p,y=f.value;if(this.displayedNodeLabels.has(y)){var b=s[y];if(!(!b||b.visibility==="hidden")&&!(t&&b.labelDepth!==t)&&b.labelAttachment){var _=i.getEntry(y,b.labelAttachment);if(_){var x=(g=d?.getIndex(y))!==null&&g!==void 0?g:-1;if(!(x<0)){var E=this.measureNodeLabel(b),w=E.width,A=E.height,S=E.textHeight,C=(m=ko[b.labelAttachmentPlacement||"below"])!==null&&m!==void 0?m:0;o.processAttachment(h,{nodeIndex:x,atlasX:_.x,atlasY:_.y,atlasW:_.width,atlasH:_.height,attachWidth:_.width/u,attachHeight:_.height/u,positionMode:(v=ln[b.labelPosition||ht.labelPosition])!==null&&v!==void 0?v:0,attachmentPlacement:C,labelWidth:w,labelHeight:A,textHeight:S,labelAngle:(p=b.labelAngle)!==null&&p!==void 0?p:0}),h++}}}}}}catch(G){c.e(G)}finally{c.f()}h!==0&&(o.reallocateAttachments(h),i.bindTexture(Gn),o.invalidateBuffers(),o.render(e))}}},{key:"computeDisplayedEdgeLabels",value:function(){var e=this.internals,t=e.graph,r=e.stateManager,i=e.settings,o=e.edgesWithForcedLabels,s=r.getHighlightedNodes(),l=i.edgeLabelAnchors==="allNodes"?new Set(this.edgeAnchorGrid.getLabelsToDisplay(this.internals.getCameraState().ratio,i.labelDensity)):this.displayedNodeLabels,u=r.hovered,d=Jc({graph:t,hoveredNode:u?.kind==="node"?u.key:null,displayedNodeLabels:l,highlightedNodes:s});yr(d,o),this.edgeLabelCandidates=d,this.displayedEdgeLabels=new Set}},{key:"filterEdgeLabelsForDepth",value:function(e){for(var t=this.internals,r=t.graph,i=t.nodeDataCache,o=t.edgeDataCache,s=[],l=new Set,u=0,d=this.edgeLabelCandidates.length;u<d;u++){var h=this.edgeLabelCandidates[u];if(!l.has(h)){l.add(h);var c=r.extremities(h),f=i[c[0]],g=i[c[1]],m=o[h];!m||!f||!g||m.visibility==="hidden"||m.labelVisibility==="hidden"||f.visibility==="hidden"||g.visibility==="hidden"||e&&m.labelDepth!==e||m.label&&s.push(h)}}return s}},{key:"renderEdgeLabels",value:function(e,t){var r=this.internals,i=r.graph,o=r.nodeDataCache,s=r.edgeDataCache,l=r.primitives,u=r.edgeLabelProgram,d=r.nodeDataTexture,h=r.edgeDataTexture;if(u){var c=this.filterEdgeLabelsForDepth(t),f=U(c),g;try{for(f.s();!(g=f.n()).done;){var m=g.value;this.displayedEdgeLabels.add(m)}}catch(K){f.e(K)}finally{f.f()}if(c.length!==0){if(this.labelsDirty){var v,p,y=0,b=U(c),_;try{for(b.s();!(_=b.n()).done;){var x=_.value;y+=s[x].label.length}}catch(K){b.e(K)}finally{b.f()}u.reallocate(y);var E=(v=l==null||(p=l.edges)===null||p===void 0||(p=p.label)===null||p===void 0?void 0:p.margin)!==null&&v!==void 0?v:5,w="over",A=0,S=U(c),C;try{for(S.s();!(C=S.n()).done;){var G,L,N=C.value,k=i.extremities(N),I=k[0],W=k[1],P=o[I],T=o[W],F=s[N],O=d.getIndex(I),z=d.getIndex(W),R=h.getIndex(N),V={text:F.label,x:(P.x+T.x)/2,y:(P.y+T.y)/2,size:fs,color:F.labelColor,nodeSize:0,nodeIndex:-1,margin:E,position:(G=F.labelPosition)!==null&&G!==void 0?G:w,hidden:!1,forceLabel:bt(F),type:"default",zIndex:(L=F.zIndex)!==null&&L!==void 0?L:0,parentType:"edge",parentKey:N,fontKey:"",labelAngle:0,sourceX:P.x,sourceY:P.y,targetX:T.x,targetY:T.y,sourceSize:P.size,targetSize:T.size,sourceShape:P.shape||"circle",targetShape:T.shape||"circle",edgeSize:F.size,offset:0,edgeAttributes:F,sourceNodeIndex:O,targetNodeIndex:z,edgeIndex:R},j=u.processEdgeLabel(N,A,V);A+=j}}catch(K){S.e(K)}finally{S.f()}u.invalidateBuffers()}u.render(e)}}}},{key:"renderEdgeLabelBackgrounds",value:function(e,t){var r,i,o=this.internals,s=o.edgeLabelBackgroundProgram,l=o.edgeLabelProgram,u=o.edgeDataCache,d=o.primitives,h=o.edgeDataTexture;if(!(!h||!l||!s)){var c=Ce.edgeLabel.writesPickingThisFrame(this.internals),f=(r=d==null||(i=d.edges)===null||i===void 0||(i=i.label)===null||i===void 0?void 0:i.margin)!==null&&r!==void 0?r:5,g="over",m=this.filterEdgeLabelsForDepth(t),v=[],p=U(m),y;try{for(p.s();!(y=p.n()).done;){var b=y.value;!c&&!u[b].labelBackgroundColor||v.push(b)}}catch(P){p.e(P)}finally{p.f()}if(v.length!==0){s.reallocate(v.length);for(var _=0;_<v.length;_++){var x,E,w,A=v[_],S=u[A],C=S.label,G=l.measureLabelAtlasWidth(C),L=(x=S.labelPosition)!==null&&x!==void 0?x:g,N=typeof L=="string"&&(E=tf[L])!==null&&E!==void 0?E:0,k=Ot(this.internals.pickingState,"edgeLabel",A)||Ot(this.internals.pickingState,"edge",A),I=S.labelBackgroundColor?Be(S.labelBackgroundColor):Be("transparent"),W={edgeIndex:h.getIndex(A),baseFontSize:fs,totalTextWidth:G,positionMode:N,margin:f,padding:(w=S.labelBackgroundPadding)!==null&&w!==void 0?w:nf,color:I,id:tn(k),edgeAttributes:S};s.processEdgeLabelBackground(_,A,W)}s.invalidateBuffers(),s.render(e)}}}}])}(),rf=function(){function n(a,e,t,r){te(this,n),D(this,"nodeStates",new Map),D(this,"edgeStates",new Map),D(this,"hovered",null),D(this,"dirtyNodes",new Set),D(this,"dirtyEdges",new Set),D(this,"graphStateChanged",!1),D(this,"graphStateFlagsDirty",!1),this.scheduleRefresh=a,this.customNodeStateDefaults=e,this.customEdgeStateDefaults=t,this.customGraphStateDefaults=r,this.graphState=hr(r)}return ne(n,[{key:"getNodeState",value:function(e){e=""+e;var t=this.nodeStates.get(e);return t||(t=eo(this.customNodeStateDefaults),this.nodeStates.set(e,t)),t}},{key:"getEdgeState",value:function(e){e=""+e;var t=this.edgeStates.get(e);return t||(t=to(this.customEdgeStateDefaults),this.edgeStates.set(e,t)),t}},{key:"getGraphState",value:function(){return this.flushGraphStateFlags(),this.graphState}},{key:"getHighlightedNodes",value:function(){var e=new Set,t=U(this.nodeStates),r;try{for(t.s();!(r=t.n()).done;){var i=re(r.value,2),o=i[0],s=i[1];s.isHighlighted&&e.add(o)}}catch(l){t.e(l)}finally{t.f()}return e}},{key:"setNodeState",value:function(e,t){e=""+e;var r=this.getNodeState(e);if(rn(r,t)){var i=H(H({},r),t);this.nodeStates.set(e,i),this.dirtyNodes.add(e),this.updateHoveredNodeTracking(e,r,i),this.graphStateFlagsDirty=!0,this.scheduleRefresh()}}},{key:"setEdgeState",value:function(e,t){e=""+e;var r=this.getEdgeState(e);if(rn(r,t)){var i=H(H({},r),t);this.edgeStates.set(e,i),this.dirtyEdges.add(e),this.updateHoveredEdgeTracking(e,r,i),this.graphStateFlagsDirty=!0,this.scheduleRefresh()}}},{key:"setGraphState",value:function(e){if(rn(this.graphState,e)){var t=H(H({},this.graphState),e);t.isIdle=!t.isPanning&&!t.isZooming&&!t.isDragging,this.graphState=t,this.graphStateChanged=!0,this.scheduleRefresh()}}},{key:"setNodesState",value:function(e,t){var r=!1,i=U(e),o;try{for(i.s();!(o=i.n()).done;){var s=o.value;s=""+s;var l=this.getNodeState(s);if(rn(l,t)){var u=H(H({},l),t);this.nodeStates.set(s,u),this.dirtyNodes.add(s),this.updateHoveredNodeTracking(s,l,u),r=!0}}}catch(d){i.e(d)}finally{i.f()}r&&(this.graphStateFlagsDirty=!0,this.scheduleRefresh())}},{key:"setEdgesState",value:function(e,t){var r=!1,i=U(e),o;try{for(i.s();!(o=i.n()).done;){var s=o.value;s=""+s;var l=this.getEdgeState(s);if(rn(l,t)){var u=H(H({},l),t);this.edgeStates.set(s,u),this.dirtyEdges.add(s),this.updateHoveredEdgeTracking(s,l,u),r=!0}}}catch(d){i.e(d)}finally{i.f()}r&&(this.graphStateFlagsDirty=!0,this.scheduleRefresh())}},{key:"removeNode",value:function(e){this.nodeStates.delete(e),this.dirtyNodes.delete(e),this.clearHoveredFor("node",e)}},{key:"removeEdge",value:function(e){this.edgeStates.delete(e),this.dirtyEdges.delete(e),this.clearHoveredFor("edge",e)}},{key:"pruneNodes",value:function(e){var t=U(this.nodeStates.keys()),r;try{for(t.s();!(r=t.n()).done;){var i=r.value;e(i)||this.removeNode(i)}}catch(o){t.e(o)}finally{t.f()}}},{key:"pruneEdges",value:function(e){var t=U(this.edgeStates.keys()),r;try{for(t.s();!(r=t.n()).done;){var i=r.value;e(i)||this.removeEdge(i)}}catch(o){t.e(o)}finally{t.f()}}},{key:"clearNodes",value:function(){this.nodeStates.clear(),this.dirtyNodes.clear(),this.clearHoveredForKinds(Ur("node"))}},{key:"clearEdges",value:function(){this.edgeStates.clear(),this.dirtyEdges.clear(),this.clearHoveredForKinds(Ur("edge"))}},{key:"resetGraphState",value:function(){this.graphState=hr(this.customGraphStateDefaults),this.graphStateChanged=!1,this.graphStateFlagsDirty=!1}},{key:"clearDirtyTracking",value:function(){this.dirtyNodes.clear(),this.dirtyEdges.clear(),this.graphStateChanged=!1}},{key:"setHovered",value:function(e){this.hovered=e}},{key:"clearHoveredFor",value:function(e,t){this.hovered&&this.hovered.key===t&&Ur(e).includes(this.hovered.kind)&&(this.hovered=null)}},{key:"clearHoveredForKinds",value:function(e){this.hovered&&e.includes(this.hovered.kind)&&(this.hovered=null)}},{key:"updateGraphStateFromNodes",value:function(){var e,t=!1,r=!1,i=!1,o=U(this.nodeStates),s;try{for(o.s();!(s=o.n()).done;){var l=re(s.value,2),u=l[1];if(u.isHovered&&(t=!0),u.isHighlighted&&(r=!0),u.isDragged&&(i=!0),t&&r&&i)break}}catch(h){o.e(h)}finally{o.f()}!t&&((e=this.hovered)===null||e===void 0?void 0:e.kind)==="edge"&&(t=!0);var d=!this.graphState.isPanning&&!this.graphState.isZooming&&!i;(this.graphState.hasHovered!==t||this.graphState.hasHighlighted!==r||this.graphState.isDragging!==i||this.graphState.isIdle!==d)&&(this.graphStateChanged=!0),this.graphState=H(H({},this.graphState),{},{hasHovered:t,hasHighlighted:r,isDragging:i,isIdle:d})}},{key:"updateGraphStateFromEdges",value:function(){var e,t=((e=this.hovered)===null||e===void 0?void 0:e.kind)==="node";if(!t){var r=U(this.edgeStates),i;try{for(r.s();!(i=r.n()).done;){var o=re(i.value,2),s=o[1];if(s.isHovered){t=!0;break}}}catch(l){r.e(l)}finally{r.f()}}this.graphState.hasHovered!==t&&(this.graphStateChanged=!0),this.graphState=H(H({},this.graphState),{},{hasHovered:t})}},{key:"flushGraphStateFlags",value:function(){this.graphStateFlagsDirty&&(this.updateGraphStateFromNodes(),this.updateGraphStateFromEdges(),this.graphStateFlagsDirty=!1)}},{key:"updateHoveredNodeTracking",value:function(e,t,r){var i;if(t.isHovered!==r.isHovered)if(r.isHovered){var o;if(((o=this.hovered)===null||o===void 0?void 0:o.kind)==="node"&&this.hovered.key!==e){var s=this.hovered.key,l=this.getNodeState(s);this.nodeStates.set(s,H(H({},l),{},{isHovered:!1})),this.dirtyNodes.add(s)}this.hovered={kind:"node",key:e}}else((i=this.hovered)===null||i===void 0?void 0:i.kind)==="node"&&this.hovered.key===e&&(this.hovered=null)}},{key:"updateHoveredEdgeTracking",value:function(e,t,r){var i;if(t.isHovered!==r.isHovered)if(r.isHovered){var o;if(((o=this.hovered)===null||o===void 0?void 0:o.kind)==="edge"&&this.hovered.key!==e){var s=this.hovered.key,l=this.getEdgeState(s);this.edgeStates.set(s,H(H({},l),{},{isHovered:!1})),this.dirtyEdges.add(s)}this.hovered={kind:"edge",key:e}}else((i=this.hovered)===null||i===void 0?void 0:i.kind)==="edge"&&this.hovered.key===e&&(this.hovered=null)}}])}(),gs=1,ps=2,vs=3,ms=4,of=function(n){function a(e,t){var r,i,o,s,l,u=arguments.length>2&&arguments[2]!==void 0?arguments[2]:{};te(this,a),l=ge(this,a),D(l,"nodeReducer",null),D(l,"edgeReducer",null),D(l,"stageCanvas",null),D(l,"mouseLayer",null),D(l,"gestureHint",null),D(l,"extraElements",{}),D(l,"webGLContext",null),D(l,"pickingFrameBuffer",null),D(l,"pickingTexture",null),D(l,"pickingDepthBuffer",null),D(l,"activeListeners",{}),D(l,"nodeVariableEntries",[]),D(l,"edgeVariableEntries",[]),D(l,"edgePathsByName",new Map),D(l,"nodeProgramIndex",{}),D(l,"edgeProgramIndex",{}),D(l,"edgeTextureIndexCache",{}),D(l,"nodeGraphCoords",{}),D(l,"nodeExtent",{x:[0,1],y:[0,1]}),D(l,"matrix",Ue()),D(l,"invMatrix",Ue()),D(l,"correctionRatio",1),D(l,"frameId",0),D(l,"customBBox",null),D(l,"gpuTimerExt",void 0),D(l,"activeGpuTimerQuery",null),D(l,"pendingGpuTimerQueries",[]),D(l,"normalizationFunction",xa({x:[0,1],y:[0,1]})),D(l,"graphToViewportRatio",1),D(l,"pickingState",Ic()),D(l,"prevNodeVisibilities",{}),D(l,"width",0),D(l,"height",0),D(l,"autoRescaleFrozen",!1),D(l,"stylesDeclaration",null),D(l,"resolvedStageStyle",{}),D(l,"renderFrame",null),D(l,"contextLost",!1),D(l,"pendingProcess","full"),D(l,"needToRefreshState",!1),D(l,"checkEdgesEventsFrame",null),D(l,"edgeStyleAnalysis",{dependency:"static",xAttribute:null,yAttribute:null}),D(l,"depthLayers",Z(fa)),D(l,"customLayerPrograms",new Map),D(l,"nodeShapeSlug",null),D(l,"sdfAtlas",null),D(l,"depthRanges",{nodes:{},edges:{}}),D(l,"nodeBaseDepth",{}),D(l,"edgeBaseDepth",{});var d=u.primitives,h=u.styles,c=u.settings,f=c===void 0?{}:c,g=u.nodeReducer,m=u.edgeReducer,v=u.customNodeState,p=u.customEdgeState,y=u.customGraphState;l.stateManager=new rf(function(){return l.scheduleStateRefresh()},v,p,y);var b=d??ro;l.stylesDeclaration=h?{nodes:(r=h.nodes)!==null&&r!==void 0?r:va.nodes,edges:(i=h.edges)!==null&&i!==void 0?i:va.edges,stage:h.stage}:va,l.nodeReducer=g??null,l.edgeReducer=m??null;var _=cr(l.stylesDeclaration.nodes);l.nodeReducer&&(_.dependency="graph-state"),l.edgeStyleAnalysis=cr(l.stylesDeclaration.edges),l.edgeReducer&&(l.edgeStyleAnalysis.dependency="graph-state"),l.stylesDeclaration.stage&&(l.resolvedStageStyle=mr(l.stylesDeclaration.stage,l.stateManager.graphState));var x=co(f);if(Ta(x),x.enableNodeDrag){var E=_.xAttribute,w=_.yAttribute;if((!E||!w)&&!x.dragPositionToAttributes)throw new Error('Sigma: `enableNodeDrag` is true but position attribute names could not be inferred from styles. Either use attribute bindings for x/y in your node styles (e.g. `x: { attribute: "x" }`), or provide a `dragPositionToAttributes` setting.')}if(ho(e),!(t instanceof HTMLElement))throw new Error("Sigma: container should be an html element.");l.container=t,l.edgeGroups=new Pc(e,function(T,F){for(var O=0;O<T.length;O++){var z=l.stateManager.getEdgeState(T[O]);z.parallelIndex=O,z.parallelCount=F}});var A=new kc(e,l.viewportToGraph.bind(l),l.setNodesState.bind(l),function(T,F){return l.emit(T,F)});if(l.depthLayers=(o=b.depthLayers)!==null&&o!==void 0?o:Z(fa),!(h!=null&&h.nodes)&&!ha.every(function(T){return l.depthLayers.includes(T)}))throw new Error("Sigma: depthLayers must include ".concat(ha.join(", ")," for the built-in node styles."));if(!(h!=null&&h.edges)&&!ca.every(function(T){return l.depthLayers.includes(T)}))throw new Error("Sigma: depthLayers must include ".concat(ca.join(", ")," for the built-in edge styles."));l.itemBuckets={nodes:new Nr(l.depthLayers),edges:new Nr(l.depthLayers)},l.initWebGLContext(),l.mouseLayer=on("div",{position:"absolute",touchAction:"none",userSelect:"none"},{class:"sigma-mouse"}),l.container.appendChild(l.mouseLayer),l.resolvedStageStyle.background&&(l.container.style.backgroundColor=l.resolvedStageStyle.background),l.resolvedStageStyle.cursor&&(l.container.style.cursor=l.resolvedStageStyle.cursor);var S=new Jo(l.webGLContext),C=new Wr(l.webGLContext,{channels:1}),G=new es(l.webGLContext),L=new Wr(l.webGLContext,{channels:4}),N=l.webGLContext,k=new Qc({gl:N,getFrameBuffer:function(){return l.pickingFrameBuffer},getPixelRatio:function(){return l.internals.pixelRatio},getDownSizingRatio:function(){return l.internals.settings.pickingDownSizingRatio},isRenderPending:function(){return l.renderFrame!==null},onIndex:function(F,O){var z;return _s(l.internals,(z=l.pickingState.lookup[F])!==null&&z!==void 0?z:null,O)}}),I=l.initPrograms(b,x),W=b==null||(s=b.nodes)===null||s===void 0?void 0:s.labelAttachments,P=null;return W&&Object.keys(W).length>0&&(P=new Qo(N,W,function(){return l.scheduleRender()})),l.internals=H(H({nodeDataCache:{},edgeDataCache:{},nodesWithForcedLabels:new Set,nodesWithBackdrop:new Set,edgesWithForcedLabels:new Set,settings:x,primitives:b,pixelRatio:Rn(),graph:e,stateManager:l.stateManager,dragManager:A,hoverResolver:k,nodeStyleAnalysis:_,pickingState:l.pickingState},I),{},{attachmentManager:P,nodeDataTexture:S,nodeFrameTexture:C,edgeDataTexture:G,edgeFrameTexture:L,getDimensions:function(){return l.getDimensions()},getGraphDimensions:function(){return l.getGraphDimensions()},getStagePadding:function(){return l.getStagePadding()},getCameraState:function(){return l.camera.getState()},getHitAtPosition:function(F){return l.getHitAtPosition(F)},setNodeState:function(F,O){return l.setNodeState(F,O)},setEdgeState:function(F,O){return l.setEdgeState(F,O)},updateContainerCursor:function(){return l.updateContainerCursor()},scheduleRefresh:function(){return l.scheduleRefresh()},viewportToFramedGraph:function(F){return l.viewportToFramedGraph(F)},viewportToGraph:function(F){return l.viewportToGraph(F)},framedGraphToViewport:function(F){return l.framedGraphToViewport(F)},scaleSize:function(F){return l.scaleSize(F)},emit:function(F,O){return l.emit(F,O)}}),l.labelRenderer=new af(l.internals),l.resize(),l.initializeWebGLLabels(),l.camera=new as,l.bindCameraHandlers(),l.mouseCaptor=new Dc(l.mouseLayer,l),l.mouseCaptor.setSettings(l.internals.settings),l.touchCaptor=new Lc(l.mouseLayer,l),l.touchCaptor.setSettings(l.internals.settings),l.bindEventHandlers(),l.bindGraphHandlers(),l.handleSettingsUpdate(),l.refresh(),l}return pe(a,n),ne(a,[{key:"initializeWebGLLabels",value:function(){this.sdfAtlas=new Gt,this.sdfAtlas.registerFont({family:"sans-serif",weight:"normal",style:"normal"})}},{key:"resetWebGLTexture",value:function(){var t=this.webGLContext;if(!this.pickingFrameBuffer)return this;var r=Math.ceil(this.width*this.internals.pixelRatio/this.internals.settings.pickingDownSizingRatio),i=Math.ceil(this.height*this.internals.pixelRatio/this.internals.settings.pickingDownSizingRatio);t.bindFramebuffer(t.FRAMEBUFFER,this.pickingFrameBuffer),this.pickingTexture&&t.deleteTexture(this.pickingTexture);var o=t.createTexture();o&&(t.bindTexture(t.TEXTURE_2D,o),t.texImage2D(t.TEXTURE_2D,0,t.RGBA,r,i,0,t.RGBA,t.UNSIGNED_BYTE,null),t.texParameteri(t.TEXTURE_2D,t.TEXTURE_MIN_FILTER,t.NEAREST),t.texParameteri(t.TEXTURE_2D,t.TEXTURE_MAG_FILTER,t.NEAREST),t.framebufferTexture2D(t.FRAMEBUFFER,t.COLOR_ATTACHMENT0,t.TEXTURE_2D,o,0),this.pickingTexture=o),this.pickingDepthBuffer&&t.deleteRenderbuffer(this.pickingDepthBuffer);var s=t.createRenderbuffer();return s&&(t.bindRenderbuffer(t.RENDERBUFFER,s),t.renderbufferStorage(t.RENDERBUFFER,t.DEPTH_COMPONENT16,r,i),t.framebufferRenderbuffer(t.FRAMEBUFFER,t.DEPTH_ATTACHMENT,t.RENDERBUFFER,s),this.pickingDepthBuffer=s),t.bindFramebuffer(t.FRAMEBUFFER,null),this}},{key:"bindCameraHandlers",value:function(){var t=this;return this.activeListeners.camera=function(){t.refreshMatrices(),t.labelRenderer.labelsDirty=!0,t.scheduleRender()},this.activeListeners.cameraAnimationStart=function(r){var i=r.from,o=r.to;i.ratio!==o.ratio&&t.stateManager.setGraphState({isZooming:!0})},this.activeListeners.cameraAnimationEnd=function(){t.stateManager.setGraphState({isZooming:!1})},this.camera.on("updated",this.activeListeners.camera),this.camera.on("animationStart",this.activeListeners.cameraAnimationStart),this.camera.on("animationEnd",this.activeListeners.cameraAnimationEnd),this}},{key:"unbindCameraHandlers",value:function(){return this.camera.removeListener("updated",this.activeListeners.camera),this.camera.removeListener("animationStart",this.activeListeners.cameraAnimationStart),this.camera.removeListener("animationEnd",this.activeListeners.cameraAnimationEnd),this}},{key:"getHitAtPosition",value:function(t){var r;if(this.contextLost)return null;var i=this.webGLContext;i.bindFramebuffer(i.FRAMEBUFFER,this.pickingFrameBuffer);var o=Fi(i,this.pickingFrameBuffer,t.x,t.y,this.internals.pixelRatio,this.internals.settings.pickingDownSizingRatio),s=or.apply(void 0,Z(o));return(r=this.pickingState.lookup[s])!==null&&r!==void 0?r:null}},{key:"bindEventHandlers",value:function(){return Oc(this.internals,this.mouseCaptor,this.touchCaptor,this.activeListeners),this}},{key:"bindGraphHandlers",value:function(){return Uc({graph:this.internals.graph,edgeGroups:this.edgeGroups,addNode:this.addNode.bind(this),updateNode:this.updateNode.bind(this),removeNode:this.removeNode.bind(this),addEdge:this.addEdge.bind(this),updateEdge:this.updateEdge.bind(this),removeEdge:this.removeEdge.bind(this),clearEdgeState:this.clearEdgeState.bind(this),clearNodeState:this.clearNodeState.bind(this),clearEdgeIndices:this.clearEdgeIndices.bind(this),clearNodeIndices:this.clearNodeIndices.bind(this),refresh:this.refresh.bind(this)},this.activeListeners),this}},{key:"unbindGraphHandlers",value:function(){Bc(this.internals.graph,this.activeListeners)}},{key:"getNodeShapeId",value:function(t){return this.internals.nodeShapeMap&&this.internals.nodeGlobalShapeIds&&t.shape&&t.shape in this.internals.nodeShapeMap?this.internals.nodeGlobalShapeIds[this.internals.nodeShapeMap[t.shape]]:In(t.shape||"circle")}},{key:"processNodes",value:function(){var t=this,r=this.internals.graph,i=this.internals.settings,o=this.getDimensions(),s=i.autoRescale,l=i.autoRescaleContent,u=this.nodeExtent;if(s===!1){var d=o.width,h=o.height;u={x:[-d/2,d/2],y:[-h/2,h/2]}}else(s!=="once"||!this.autoRescaleFrozen)&&(u=this.computeNodeExtent(),l!=="positions"&&!this.customBBox&&(u=Vc({extent:u,coords:this.nodeGraphCoords,nodeData:this.internals.nodeDataCache,dimensions:o,stagePadding:this.getStagePadding(),zoomToSizeRatioFunction:i.zoomToSizeRatioFunction,itemSizesReference:i.itemSizesReference,fitLabels:l==="labels",nodeLabelBox:function(z,R){return t.labelRenderer.nodeLabelBox(z,R)}})),s==="once"&&(this.autoRescaleFrozen=!0));this.nodeExtent=u,this.normalizationFunction=xa(this.customBBox||this.nodeExtent);var c=new as,f=mt(c.getState(),o,this.getGraphDimensions(),this.getStagePadding());this.labelRenderer.labelGrid.resizeAndClear(o,i.labelGridCellSize),this.labelRenderer.edgeAnchorGrid.resizeAndClear(o,i.labelGridCellSize);var g=i.renderEdgeLabels&&i.edgeLabelAnchors==="allNodes",m=!1;Or(this.pickingState,"node");for(var v=r.nodes(),p=0,y=v.length;p<y;p++){var b=v[p],_=this.internals.nodeDataCache[b],x=this.nodeGraphCoords[b];_.x=x.x,_.y=x.y,this.normalizationFunction.applyTo(_),_.visibility!==this.prevNodeVisibilities[b]&&(m=!0),typeof _.label=="string"&&_.visibility!=="hidden"&&_.labelVisibility!=="hidden"&&this.labelRenderer.labelGrid.add(b,_.size,this.framedGraphToViewport(_,{matrix:f})),g&&_.visibility!=="hidden"&&this.labelRenderer.edgeAnchorGrid.add(b,_.size,this.framedGraphToViewport(_,{matrix:f}))}this.labelRenderer.labelGrid.organize(),this.labelRenderer.edgeAnchorGrid.organize(),this.nodeProgram.reallocate(v.length);var E=0;this.depthRanges.nodes={},this.nodeBaseDepth={};var w=this.internals.nodeDataCache,A=U(this.depthLayers),S;try{for(A.s();!(S=A.n()).done;){var C=S.value,G=this.itemBuckets.nodes.getSorted(C,function(O){return w[O].zIndex});if(G.length!==0){this.depthRanges.nodes[C]=[{offset:E,count:G.length}];var L=U(G),N;try{for(L.s();!(N=L.n()).done;){var k=N.value;this.nodeBaseDepth[k]=C,this.nodeProgram.allocateNode(k),ls(this.pickingState,"node",k),this.addNodeToProgram(k,E++)}}catch(O){L.e(O)}finally{L.f()}}}}catch(O){A.e(O)}finally{A.f()}this.nodeProgram.invalidateBuffers();for(var I=0,W=v.length;I<W;I++)this.prevNodeVisibilities[v[I]]=this.internals.nodeDataCache[v[I]].visibility;this.labelRenderer.processWebGLLabels(v);var P=U(this.customLayerPrograms.values()),T;try{for(P.s();!(T=P.n()).done;){var F=T.value.program;F.cacheData&&F.cacheData()}}catch(O){P.e(O)}finally{P.f()}return m}},{key:"processEdges",value:function(){var t=this.internals.graph,r=t.edges();this.edgeProgram.reallocate(r.length);var i=0;Or(this.pickingState,"edge"),this.depthRanges.edges={},this.edgeBaseDepth={};var o=this.internals.edgeDataCache,s=U(this.depthLayers),l;try{for(s.s();!(l=s.n()).done;){var u=l.value,d=this.itemBuckets.edges.getSorted(u,function(g){return o[g].zIndex});if(d.length!==0){this.depthRanges.edges[u]=[{offset:i,count:d.length}];var h=U(d),c;try{for(h.s();!(c=h.n()).done;){var f=c.value;this.edgeBaseDepth[f]=u,ls(this.pickingState,"edge",f),this.addEdgeToProgram(f,i++)}}catch(g){h.e(g)}finally{h.f()}}}}catch(g){s.e(g)}finally{s.f()}this.edgeProgram.invalidateBuffers()}},{key:"updateNodeDepthRanges",value:function(t,r,i){var o=this.nodeProgramIndex[t];o!==void 0&&(xr(this.depthRanges.nodes,r,o),_r(this.depthRanges.nodes,i,o))}},{key:"updateEdgeDepthRanges",value:function(t,r,i){var o=this.edgeProgramIndex[t];o!==void 0&&(xr(this.depthRanges.edges,r,o),_r(this.depthRanges.edges,i,o))}},{key:"handleSettingsUpdate",value:function(){var t=this,r=this.internals.settings;return this.camera.minRatio=r.minCameraRatio,this.camera.maxRatio=r.maxCameraRatio,this.camera.enabledZooming=r.enableCameraZooming,this.camera.enabledPanning=r.enableCameraPanning,this.camera.enabledRotation=r.enableCameraRotation,r.cameraPanBoundaries?this.camera.constrainState=function(i){return t.cleanCameraState(i,r.cameraPanBoundaries&&ae(r.cameraPanBoundaries)==="object"?r.cameraPanBoundaries:{})}:this.camera.constrainState=null,this.camera.setState(this.camera.getState()),this.mouseLayer.style.touchAction=r.gestureTarget==="graph"?"none":r.gestureTarget==="shared"?"pan-x pan-y":"auto",r.gestureTarget!=="shared"&&this.gestureHint&&(this.gestureHint.kill(),this.gestureHint=null),this.mouseCaptor.setSettings(this.internals.settings),this.touchCaptor.setSettings(this.internals.settings),this}},{key:"cleanCameraState",value:function(t){var r=arguments.length>1&&arguments[1]!==void 0?arguments[1]:{},i=r.tolerance,o=i===void 0?0:i,s=r.boundaries,l=H({},t),u=s||this.nodeExtent,d=re(u.x,2),h=d[0],c=d[1],f=re(u.y,2),g=f[0],m=f[1],v=[this.graphToViewport({x:h,y:g},{cameraState:t}),this.graphToViewport({x:c,y:g},{cameraState:t}),this.graphToViewport({x:h,y:m},{cameraState:t}),this.graphToViewport({x:c,y:m},{cameraState:t})],p=1/0,y=-1/0,b=1/0,_=-1/0;v.forEach(function(k){var I=k.x,W=k.y;p=Math.min(p,I),y=Math.max(y,I),b=Math.min(b,W),_=Math.max(_,W)});var x=y-p,E=_-b,w=this.getDimensions(),A=w.width,S=w.height,C=0,G=0;if(x>=A?y<A-o?C=y-(A-o):p>o&&(C=p-o):y>A+o?C=y-(A+o):p<-o&&(C=p+o),E>=S?_<S-o?G=_-(S-o):b>o&&(G=b-o):_>S+o?G=_-(S+o):b<-o&&(G=b+o),C||G){var L=this.viewportToFramedGraph({x:0,y:0},{cameraState:t}),N=this.viewportToFramedGraph({x:C,y:G},{cameraState:t});C=N.x-L.x,G=N.y-L.y,l.x+=C,l.y+=G}return l}},{key:"refreshMatrices",value:function(){var t=this.camera.getState(),r=this.getDimensions(),i=this.getGraphDimensions(),o=this.getStagePadding();this.matrix=mt(t,r,i,o),this.invMatrix=mt(t,r,i,o,!0),this.correctionRatio=Li(this.matrix,t,r),this.graphToViewportRatio=this.getGraphToViewportRatio()}},{key:"processData",value:function(){var t;this.emit("beforeProcess"),(t=this.internals.attachmentManager)===null||t===void 0||t.clear();var r=H({},this.pickingState.idsByKind),i=this.processNodes();(this.pendingProcess==="full"||i)&&this.processEdges(),Fc(this.pickingState,this.internals),Gc(r,this.pickingState.idsByKind)||this.internals.hoverResolver.invalidate(),this.pendingProcess="none",this.emit("afterProcess")}},{key:"render",value:function(){var t=this;if(this.contextLost)return this;this.emit("beforeRender");var r=function(){return t.internals.hoverResolver.frameRendered(),t.emit("afterRender"),t};if(this.renderFrame&&(cancelAnimationFrame(this.renderFrame),this.renderFrame=null),this.resize(),(this.pendingProcess!=="none"||this.needToRefreshState)&&(this.labelRenderer.labelsDirty=!0),this.pendingProcess!=="none"&&this.processData(),this.needToRefreshState&&this.refreshState(),this.needToRefreshState=!1,this.stateManager.clearDirtyTracking(),this.pendingProcess!=="none"&&this.processData(),this.clear(),this.resetWebGLTexture(),!this.internals.graph.order)return r();var i=this.mouseCaptor,o=this.camera.isAnimating()||i.isMoving||i.draggedEvents||i.currentWheelDirection;if(this.refreshMatrices(),this.frameId++,this.internals.settings.renderEdgeLabels&&!this.internals.edgeLabelProgram){var s=this.createEdgeLabelPrograms(),l=s.labelProgram,u=s.labelBackgroundProgram;this.internals.edgeLabelProgram=l,this.internals.edgeLabelBackgroundProgram=u}var d=this.internals.settings.DEBUG_logRenderStats?this.getDebugPrograms():null;d&&d.forEach(function(K){return K.resetDebugStats()}),this.internals.settings.DEBUG_gpuTimerQueries&&this.beginGpuTimerQuery(),this.internals.nodeFrameTexture.ensureCapacity(this.internals.nodeDataTexture.getCapacity()),this.internals.edgeFrameTexture.ensureCapacity(this.internals.edgeDataTexture.getCapacity());var h=this.getRenderParams(),c=Ce.edge.writesPickingThisFrame(this.internals)?h:H(H({},h),{},{pickingFrameBuffer:null});this.labelRenderer.resetFrame();var f=this.webGLContext,g=Math.ceil(this.width*this.internals.pixelRatio/this.internals.settings.pickingDownSizingRatio),m=Math.ceil(this.height*this.internals.pixelRatio/this.internals.settings.pickingDownSizingRatio);if(f.bindFramebuffer(f.FRAMEBUFFER,this.pickingFrameBuffer),f.viewport(0,0,g,m),f.clear(f.COLOR_BUFFER_BIT|f.DEPTH_BUFFER_BIT),f.bindFramebuffer(f.FRAMEBUFFER,null),f.viewport(0,0,this.width*this.internals.pixelRatio,this.height*this.internals.pixelRatio),f.clear(f.COLOR_BUFFER_BIT|f.DEPTH_BUFFER_BIT),this.internals.nodeDataTexture.upload(),this.internals.edgeDataTexture.upload(),this.nodeProgram.uploadLayerTexture(),this.edgeProgram.uploadAttributeTexture(),this.emit("afterTexturesUpload"),this.internals.nodeDataTexture.bind(vs),this.internals.edgeDataTexture.bind(ms),this.edgeFramePass.run(h,this.internals.edgeFrameTexture,this.internals.edgeDataTexture.getHighWaterMark(),this.edgeProgram.getAttributeTexture(),this.nodeProgram.getAttributeTexture()),this.internals.edgeFrameTexture.bind(gs),this.internals.settings.renderLabels){this.labelRenderer.computeDisplayedNodeLabels();var v=this.labelRenderer.buildFramePassPoints(),p=v.data,y=v.count;this.nodeFramePass.run(p,y,this.internals.nodeFrameTexture,h,this.nodeProgram.getAttributeTexture()),this.internals.nodeFrameTexture.bind(ps)}this.internals.settings.renderEdgeLabels&&this.labelRenderer.computeDisplayedEdgeLabels();var b=U(this.customLayerPrograms.values()),_;try{for(b.s();!(_=b.n()).done;){var x=_.value.program;x.preRender&&x.preRender(h)}}catch(K){b.e(K)}finally{b.f()}f.bindFramebuffer(f.FRAMEBUFFER,null),f.viewport(0,0,this.width*this.internals.pixelRatio,this.height*this.internals.pixelRatio),f.blendFunc(f.ONE,f.ONE_MINUS_SRC_ALPHA);var E=!this.internals.settings.hideLabelsOnMove||!o,w=U(this.depthLayers),A;try{for(w.s();!(A=w.n()).done;){var S=A.value,C=U(this.customLayerPrograms.values()),G;try{for(C.s();!(G=C.n()).done;){var L=G.value;L.depth===S&&L.program.render(h)}}catch(K){C.e(K)}finally{C.f()}var N=this.depthRanges.edges[S];if(N&&(!this.internals.settings.hideEdgesOnMove||!o)){var k=U(N),I;try{for(k.s();!(I=k.n()).done;){var W=I.value,P=W.offset,T=W.count;T>0&&this.edgeProgram.render(c,P,T)}}catch(K){k.e(K)}finally{k.f()}}this.internals.settings.renderEdgeLabels&&E&&(this.labelRenderer.renderEdgeLabelBackgrounds(Ce.edgeLabel.writesPickingThisFrame(this.internals)?h:H(H({},h),{},{pickingFrameBuffer:null}),S),this.labelRenderer.renderEdgeLabels(h,S)),this.labelRenderer.cacheAttachments(S),this.labelRenderer.renderBackdrops(H(H({},h),{},{pickingFrameBuffer:null}),S);var F=this.depthRanges.nodes[S];if(F){var O=U(F),z;try{for(O.s();!(z=O.n()).done;){var R=z.value,V=R.offset,j=R.count;j>0&&this.nodeProgram.render(h,V,j)}}catch(K){O.e(K)}finally{O.f()}}E&&(this.labelRenderer.renderAttachments(H(H({},h),{},{pickingFrameBuffer:null}),S),this.labelRenderer.renderLabelBackgrounds(Ce.nodeLabel.writesPickingThisFrame(this.internals)?h:H(H({},h),{},{pickingFrameBuffer:null}),S),this.internals.settings.renderLabels&&this.labelRenderer.renderWebGLLabels(h,S))}}catch(K){w.e(K)}finally{w.f()}return this.labelRenderer.labelsDirty=!1,this.internals.settings.DEBUG_displayPickingLayer&&(f.bindFramebuffer(f.READ_FRAMEBUFFER,this.pickingFrameBuffer),f.bindFramebuffer(f.DRAW_FRAMEBUFFER,null),f.blitFramebuffer(0,0,g,m,0,0,this.width*this.internals.pixelRatio,this.height*this.internals.pixelRatio,f.COLOR_BUFFER_BIT,f.NEAREST)),this.internals.settings.DEBUG_gpuTimerQueries&&this.endGpuTimerQuery(),this.pollGpuTimerQueries(),d&&this.logRenderStats(d),r()}},{key:"getDebugPrograms",value:function(){return[this.nodeProgram,this.edgeProgram,this.internals.labelProgram,this.internals.edgeLabelProgram,this.internals.edgeLabelBackgroundProgram,this.internals.backdropProgram,this.internals.labelBackgroundProgram,this.internals.attachmentProgram].filter(function(t){return t!==null})}},{key:"logRenderStats",value:function(t){var r={},i=U(t),o;try{for(i.s();!(o=i.n()).done;){var s=o.value;r[s.constructor.name]=H({},s.debugStats)}}catch(l){i.e(l)}finally{i.f()}console.log("[sigma] DEBUG_logRenderStats: frame #".concat(this.frameId)),console.table(r)}},{key:"getGpuTimerExtension",value:function(){return this.gpuTimerExt===void 0&&(this.gpuTimerExt=this.webGLContext.getExtension("EXT_disjoint_timer_query_webgl2"),this.gpuTimerExt||console.warn("Sigma: DEBUG_gpuTimerQueries is enabled, but this browser/driver doesn't support EXT_disjoint_timer_query_webgl2.")),this.gpuTimerExt}},{key:"beginGpuTimerQuery",value:function(){var t=this.getGpuTimerExtension();if(t){var r=this.webGLContext,i=r.createQuery();i&&(r.beginQuery(t.TIME_ELAPSED_EXT,i),this.activeGpuTimerQuery=i)}}},{key:"endGpuTimerQuery",value:function(){!this.gpuTimerExt||!this.activeGpuTimerQuery||(this.webGLContext.endQuery(this.gpuTimerExt.TIME_ELAPSED_EXT),this.pendingGpuTimerQueries.push({query:this.activeGpuTimerQuery,frameId:this.frameId}),this.activeGpuTimerQuery=null)}},{key:"pollGpuTimerQueries",value:function(){if(this.pendingGpuTimerQueries.length!==0){var t=this.webGLContext,r=this.gpuTimerExt;if(!r){this.pendingGpuTimerQueries.forEach(function(h){var c=h.query;return t.deleteQuery(c)}),this.pendingGpuTimerQueries=[];return}var i=t.getParameter(r.GPU_DISJOINT_EXT),o=[],s=U(this.pendingGpuTimerQueries),l;try{for(s.s();!(l=s.n()).done;){var u=l.value;if(!t.getQueryParameter(u.query,t.QUERY_RESULT_AVAILABLE)){o.push(u);continue}if(!i){var d=t.getQueryParameter(u.query,t.QUERY_RESULT);console.log("[sigma] DEBUG_gpuTimerQueries: frame #".concat(u.frameId," GPU time = ").concat((d/1e6).toFixed(2),"ms"))}t.deleteQuery(u.query)}}catch(h){s.e(h)}finally{s.f()}this.pendingGpuTimerQueries=o}}},{key:"postEvaluateNode",value:function(t,r,i){var o=t;o.x===void 0&&(o.x=r.x),o.y===void 0&&(o.y=r.y),t.highlighted=i.isHighlighted;for(var s=0,l=this.nodeVariableEntries.length;s<l;s++){var u,d,h=re(this.nodeVariableEntries[s],2),c=h[0],f=h[1];o[c]=(u=(d=o[c])!==null&&d!==void 0?d:r[c])!==null&&u!==void 0?u:f.default}}},{key:"addNode",value:function(t){var r=this.internals.graph.getNodeAttributes(t),i=this.stateManager.getNodeState(t),o=this.internals.nodeDataCache[t]||{};if(pr(this.stylesDeclaration.nodes,r,i,this.stateManager.graphState,this.internals.graph,o),this.postEvaluateNode(o,r,i),this.nodeReducer){var s=this.nodeReducer(t,o,r,i,this.stateManager.graphState,this.internals.graph);o=H(H({},o),s)}if(typeof o.x!="number"||typeof o.y!="number")throw new Error('Sigma: could not find a valid position (x, y) for node "'.concat(t,'". ')+"Provide coordinates via node attributes, styles, or a nodeReducer.");this.internals.nodeShapeMap?(!o.shape||!(o.shape in this.internals.nodeShapeMap))&&(o.shape=Object.keys(this.internals.nodeShapeMap)[0]):this.nodeShapeSlug&&(o.shape=this.nodeShapeSlug),this.internals.nodeDataCache[t]=o,this.nodeGraphCoords[t]={x:o.x,y:o.y},It(this.internals.nodesWithForcedLabels,t,bt(o)),It(this.internals.nodesWithBackdrop,t,br(o)),this.itemBuckets.nodes.set(t,o.depth)}},{key:"updateNode",value:function(t){this.addNode(t);var r=this.internals.nodeDataCache[t];this.normalizationFunction.applyTo(r)}},{key:"removeNode",value:function(t){this.itemBuckets.nodes.remove(t),delete this.internals.nodeDataCache[t],delete this.nodeGraphCoords[t],delete this.nodeProgramIndex[t],this.internals.dragManager.removeNode(t),this.stateManager.removeNode(t),this.internals.nodesWithForcedLabels.delete(t),this.internals.nodesWithBackdrop.delete(t)}},{key:"postEvaluateEdge",value:function(t,r){for(var i=t,o=0,s=this.edgeVariableEntries.length;o<s;o++){var l,u,d=re(this.edgeVariableEntries[o],2),h=d[0],c=d[1];i[h]=(l=(u=i[h])!==null&&u!==void 0?u:r[h])!==null&&l!==void 0?l:c.default}}},{key:"applyEdgeSpread",value:function(t,r,i){var o;if(!(i.parallelCount<=1)){var s=this.internals.graph.source(t),l=this.internals.graph.target(t),u=s===l,d=u?r.selfLoopPath||r.path:r.parallelPath||r.path,h=d?this.edgePathsByName.get(d):void 0;if(h!=null&&h.spread){var c=(o=r.parallelSpread)!==null&&o!==void 0?o:.25,f=h.spread.compute(i.parallelIndex,i.parallelCount,c);!u&&this.internals.graph.isDirected(t)&&s>l&&(f=-f),r[h.spread.variable]=f}}}},{key:"addEdge",value:function(t){var r=this.internals.graph.getEdgeAttributes(t),i=this.stateManager.getEdgeState(t),o={};if(vr(this.stylesDeclaration.edges,r,i,this.stateManager.graphState,this.internals.graph,o),this.postEvaluateEdge(o,r),this.edgeReducer){var s=this.edgeReducer(t,o,r,i,this.stateManager.graphState,this.internals.graph);o=H(H({},o),s)}this.applyEdgeSpread(t,o,i),this.internals.edgeDataCache[t]=o,It(this.internals.edgesWithForcedLabels,t,bt(o)),this.itemBuckets.edges.set(t,o.depth)}},{key:"updateEdge",value:function(t){this.addEdge(t)}},{key:"removeEdge",value:function(t){this.itemBuckets.edges.remove(t),delete this.internals.edgeDataCache[t],delete this.edgeProgramIndex[t],delete this.edgeTextureIndexCache[t],this.internals.edgeDataTexture.free(t),this.stateManager.removeEdge(t),this.internals.edgesWithForcedLabels.delete(t)}},{key:"clearNodeIndices",value:function(){this.labelRenderer.resetLabelGrid(),this.autoRescaleFrozen||(this.nodeExtent={x:[0,1],y:[0,1]}),this.internals.nodeDataCache={},this.nodeGraphCoords={},this.edgeProgramIndex={},this.internals.nodesWithForcedLabels.clear(),this.internals.nodesWithBackdrop.clear(),this.prevNodeVisibilities={},this.itemBuckets.nodes.clearAll(),this.depthRanges.nodes={},this.nodeBaseDepth={}}},{key:"clearEdgeIndices",value:function(){this.internals.edgeDataCache={},this.edgeProgramIndex={},this.edgeTextureIndexCache={},this.internals.edgesWithForcedLabels.clear(),Or(this.pickingState,"edge"),this.itemBuckets.edges.clearAll(),this.depthRanges.edges={},this.edgeBaseDepth={},this.edgeGroups.clear()}},{key:"clearIndices",value:function(){this.clearEdgeIndices(),this.clearNodeIndices()}},{key:"clearNodeState",value:function(){this.labelRenderer.resetFrame(),this.internals.nodesWithBackdrop.clear(),this.internals.dragManager.clear(),this.autoRescaleFrozen=!1,this.stateManager.clearNodes()}},{key:"clearEdgeState",value:function(){this.labelRenderer.clearEdgeLabels(),this.stateManager.clearEdges()}},{key:"clearState",value:function(){this.clearEdgeState(),this.clearNodeState(),this.stateManager.resetGraphState()}},{key:"addNodeToProgram",value:function(t,r){var i,o=this.internals.nodeDataCache[t];this.internals.nodeDataTexture.allocate(t),(i=this.internals.nodeDataTexture).updateNode.apply(i,[t,o.x,o.y,o.size,this.getNodeShapeId(o)].concat(Z(ba(o)),[o.color]));var s=this.internals.nodeDataTexture.getIndex(t);this.nodeProgram.process(Ot(this.pickingState,"node",t),r,o,s,t),this.nodeProgramIndex[t]=r}},{key:"addEdgeToProgram",value:function(t,r){var i,o,s=this.internals.edgeDataCache[t],l=this.internals.graph.source(t),u=this.internals.graph.target(t),d=this.internals.edgeDataTexture.allocate(t);this.edgeTextureIndexCache[t]=d;var h=l===u,c=!h&&((i=(o=this.stateManager.getEdgeState(t))===null||o===void 0?void 0:o.parallelCount)!==null&&i!==void 0?i:1)>1,f=this.edgeProgram.resolveEdgeIds(s,h,c),g=f.pathId,m=f.headId,v=f.tailId,p=f.headLengthRatio,y=f.tailLengthRatio;this.internals.edgeDataTexture.updateEdge(t,this.internals.nodeDataTexture.getIndex(l),this.internals.nodeDataTexture.getIndex(u),s.size,p,y,g,m,v),this.edgeProgram.process(Ot(this.pickingState,"edge",t),r,this.internals.nodeDataCache[l],this.internals.nodeDataCache[u],s,d),this.edgeProgramIndex[t]=r}},{key:"getRenderParams",value:function(){return{frameId:this.frameId,matrix:this.matrix,invMatrix:this.invMatrix,width:this.width,height:this.height,pixelRatio:this.internals.pixelRatio,zoomRatio:this.camera.ratio,cameraAngle:this.camera.angle,sizeRatio:1/this.scaleSize(),correctionRatio:this.correctionRatio,downSizingRatio:this.internals.settings.pickingDownSizingRatio,minEdgeThickness:this.internals.settings.minEdgeThickness,antiAliasingFeather:this.internals.settings.antiAliasingFeather,nodePickingPadding:this.internals.settings.nodePickingPadding,edgePickingPadding:this.internals.settings.edgePickingPadding,labelPickingPadding:this.internals.settings.labelPickingPadding,nodeDataTextureUnit:vs,nodeDataTextureWidth:this.internals.nodeDataTexture.getTextureWidth(),nodeFrameTextureUnit:ps,nodeFrameTextureWidth:this.internals.nodeFrameTexture.getTextureWidth(),edgeDataTextureUnit:ms,edgeDataTextureWidth:this.internals.edgeDataTexture.getTextureWidth(),edgeFrameTextureUnit:gs,edgeFrameTextureWidth:this.internals.edgeFrameTexture.getTextureWidth(),pickingFrameBuffer:this.pickingFrameBuffer,labelPixelSnapping:this.internals.settings.labelPixelSnapping?1:0}}},{key:"getStagePadding",value:function(){var t=this.internals.settings,r=t.stagePadding,i=t.autoRescale;return i&&r||0}},{key:"getLayerElement",value:function(t){if(t==="mouse")return this.mouseLayer;var r=this.extraElements[t];if(!r)throw new Error('Sigma: layer "'.concat(t,'" does not exist'));return r}},{key:"initWebGLContext",value:function(){var t=this,r=this.createWebGLContext("stage");this.stageCanvas=this.extraElements.stage,this.webGLContext=r,this.stageCanvas.addEventListener("webglcontextlost",function(i){t.webGLContext&&(i.preventDefault(),t.contextLost=!0,t.renderFrame&&(cancelAnimationFrame(t.renderFrame),t.renderFrame=null),t.gpuTimerExt=void 0,t.activeGpuTimerQuery=null,t.pendingGpuTimerQueries=[],t.emit("webglContextLost"))}),this.stageCanvas.addEventListener("webglcontextrestored",function(){requestAnimationFrame(function(){t.webGLContext&&!t.webGLContext.isContextLost()&&t.restoreWebGLContext()})}),this.initPickingFramebuffer()}},{key:"initPickingFramebuffer",value:function(){var t=this.webGLContext,r=t.createFramebuffer();if(!r)throw new Error("Sigma: cannot create picking frame buffer");t.bindFramebuffer(t.FRAMEBUFFER,r);var i=t.createTexture();if(!i)throw new Error("Sigma: cannot create picking texture");t.bindTexture(t.TEXTURE_2D,i),t.texImage2D(t.TEXTURE_2D,0,t.RGBA,1,1,0,t.RGBA,t.UNSIGNED_BYTE,null),t.texParameteri(t.TEXTURE_2D,t.TEXTURE_MIN_FILTER,t.NEAREST),t.texParameteri(t.TEXTURE_2D,t.TEXTURE_MAG_FILTER,t.NEAREST),t.texParameteri(t.TEXTURE_2D,t.TEXTURE_WRAP_S,t.CLAMP_TO_EDGE),t.texParameteri(t.TEXTURE_2D,t.TEXTURE_WRAP_T,t.CLAMP_TO_EDGE),t.framebufferTexture2D(t.FRAMEBUFFER,t.COLOR_ATTACHMENT0,t.TEXTURE_2D,i,0);var o=t.createRenderbuffer();if(!o)throw new Error("Sigma: cannot create picking depth buffer");if(t.bindRenderbuffer(t.RENDERBUFFER,o),t.renderbufferStorage(t.RENDERBUFFER,t.DEPTH_COMPONENT16,1,1),t.framebufferRenderbuffer(t.FRAMEBUFFER,t.DEPTH_ATTACHMENT,t.RENDERBUFFER,o),t.checkFramebufferStatus(t.FRAMEBUFFER)!==t.FRAMEBUFFER_COMPLETE)throw new Error("Sigma: picking framebuffer is not complete");t.bindFramebuffer(t.FRAMEBUFFER,null),this.pickingFrameBuffer=r,this.pickingTexture=i,this.pickingDepthBuffer=o}},{key:"initPrograms",value:function(t,r){var i=this,o=this.webGLContext,s=Vo(o,this.pickingFrameBuffer,i,t?.nodes,r.antialiasNodes),l=s.nodeProgram,u=s.labelProgram,d=s.backdropProgram,h=s.labelBackgroundProgram,c=s.attachmentProgram,f=s.framePass,g=s.shapeSlug,m=s.shapeNameToIndex,v=s.shapeGlobalIds,p=s.variables;this.nodeProgram=l,this.nodeFramePass=f,this.nodeVariableEntries=Object.entries(p),g&&(this.nodeShapeSlug=g);var y=qo(o,this.pickingFrameBuffer,i,t?.edges,r.antialiasEdges,t?.nodes),b=y.edgeProgram,_=y.createLabelPrograms,x=y.framePass,E=y.variables,w=y.paths;return this.createEdgeLabelPrograms=_,this.edgeProgram=b,this.edgeFramePass=x,this.edgeVariableEntries=Object.entries(E),this.edgePathsByName=new Map(w.map(function(A){return[A.name,A]})),{labelProgram:u,edgeLabelProgram:null,edgeLabelBackgroundProgram:null,backdropProgram:d,labelBackgroundProgram:h,attachmentProgram:c,nodeShapeMap:m??null,nodeGlobalShapeIds:v??null}}},{key:"restoreWebGLContext",value:function(){var t,r,i,o,s,l=this.internals;this.initPickingFramebuffer(),(t=l.nodeDataTexture)===null||t===void 0||t.restore(),(r=l.nodeFrameTexture)===null||r===void 0||r.restore(),(i=l.edgeDataTexture)===null||i===void 0||i.restore(),(o=l.edgeFrameTexture)===null||o===void 0||o.restore(),(s=l.attachmentManager)===null||s===void 0||s.restore(),l.hoverResolver.reset(),Object.assign(l,this.initPrograms(l.primitives,l.settings));var u=U(this.customLayerPrograms.values()),d;try{for(u.s();!(d=u.n()).done;){var h=d.value;h.program.kill(),h.program=h.factory(this.webGLContext)}}catch(c){u.e(c)}finally{u.f()}this.contextLost=!1,this.emit("webglContextRestored"),this.refresh()}},{key:"createLayer",value:function(t,r){var i=arguments.length>2&&arguments[2]!==void 0?arguments[2]:{};if(this.extraElements[t])throw new Error('Sigma: a layer named "'.concat(t,'" already exists'));var o=on(r,{position:"absolute"},{class:"sigma-".concat(t)});return i.style&&Object.assign(o.style,i.style),this.extraElements[t]=o,"beforeLayer"in i&&i.beforeLayer?this.getLayerElement(i.beforeLayer).before(o):"afterLayer"in i&&i.afterLayer?this.getLayerElement(i.afterLayer).after(o):this.container.appendChild(o),o}},{key:"createCanvas",value:function(t){var r=arguments.length>1&&arguments[1]!==void 0?arguments[1]:{};return this.createLayer(t,"canvas",r)}},{key:"createWebGLContext",value:function(t){var r=arguments.length>1&&arguments[1]!==void 0?arguments[1]:{},i=this.createCanvas(t,r);r.hidden&&i.remove();var o=i.getContext("webgl2",H({preserveDrawingBuffer:!1,antialias:!1,depth:!0},r));if(!o)throw new Error("Sigma: WebGL 2 is not supported by your browser. Please use a modern browser (Chrome 56+, Firefox 51+, Safari 15+, Edge 79+).");return o.blendFunc(o.ONE,o.ONE_MINUS_SRC_ALPHA),o}},{key:"killLayer",value:function(t){if(t==="stage"||t==="mouse")throw new Error('Sigma: cannot kill built-in layer "'.concat(t,'"'));var r=this.extraElements[t];if(!r)throw new Error("Sigma: cannot kill layer ".concat(t,", which does not exist"));return r.remove(),delete this.extraElements[t],this}},{key:"getWebGLContext",value:function(){if(!this.webGLContext)throw new Error("Sigma: WebGL context is not available");return this.webGLContext}},{key:"getNodeDataTexture",value:function(){if(!this.internals.nodeDataTexture)throw new Error("Sigma: node data texture is not available");return this.internals.nodeDataTexture}},{key:"getNormalizationFunction",value:function(){return this.normalizationFunction}},{key:"addCustomLayerProgram",value:function(t,r,i){var o;if(!this.depthLayers.includes(r))throw new Error('Sigma: cannot add custom layer program at depth "'.concat(r,'", ')+"it must be declared in primitives.depthLayers. Current layers: ".concat(this.depthLayers.join(", ")));(o=this.customLayerPrograms.get(t))===null||o===void 0||o.program.kill();var s=i(this.webGLContext);return this.customLayerPrograms.set(t,{depth:r,factory:i,program:s}),s.cacheData&&s.cacheData(),this.scheduleRender(),this}},{key:"removeCustomLayerProgram",value:function(t){var r=this.customLayerPrograms.get(t);return r&&(r.program.kill(),this.customLayerPrograms.delete(t),this.scheduleRender()),this}},{key:"getCamera",value:function(){return this.camera}},{key:"setCamera",value:function(t){return this.camera.cancelAnimation(),this.unbindCameraHandlers(),this.camera=t,this.bindCameraHandlers(),this.scheduleRender(),this}},{key:"getContainer",value:function(){return this.container}},{key:"getGraph",value:function(){return this.internals.graph}},{key:"setGraph",value:function(t){return t===this.internals.graph?this:(this.stateManager.pruneNodes(function(r){return t.hasNode(r)}),this.stateManager.pruneEdges(function(r){return t.hasEdge(r)}),this.unbindGraphHandlers(),this.checkEdgesEventsFrame!==null&&(cancelAnimationFrame(this.checkEdgesEventsFrame),this.checkEdgesEventsFrame=null),this.internals.graph=t,this.autoRescaleFrozen=!1,this.bindGraphHandlers(),this.refresh(),this)}},{key:"getMouseCaptor",value:function(){return this.mouseCaptor}},{key:"getTouchCaptor",value:function(){return this.touchCaptor}},{key:"getDimensions",value:function(){return{width:this.width,height:this.height}}},{key:"getGraphDimensions",value:function(){var t=this.customBBox||this.nodeExtent;return{width:t.x[1]-t.x[0]||1,height:t.y[1]-t.y[0]||1}}},{key:"getNodeDisplayData",value:function(t){var r=this.internals.nodeDataCache[t];return r?Object.assign({},r):void 0}},{key:"getEdgeDisplayData",value:function(t){var r=this.internals.edgeDataCache[t];return r?Object.assign({},r):void 0}},{key:"getNodeState",value:function(t){return this.stateManager.getNodeState(t)}},{key:"getEdgeState",value:function(t){return this.stateManager.getEdgeState(t)}},{key:"getGraphState",value:function(){return this.stateManager.getGraphState()}},{key:"setNodeState",value:function(t,r){return this.stateManager.setNodeState(t,r),this}},{key:"setEdgeState",value:function(t,r){return this.stateManager.setEdgeState(t,r),this}},{key:"setGraphState",value:function(t){return this.stateManager.setGraphState(t),this}},{key:"_setPanning",value:function(t){this.stateManager.setGraphState({isPanning:t})}},{key:"_setZooming",value:function(t){this.stateManager.setGraphState({isZooming:t})}},{key:"_hasNodeDrag",value:function(){var t=this.internals.dragManager;return!!(t.pendingNode||t.session)}},{key:"_showGestureHint",value:function(t){var r=this.internals.settings;r.gestureTarget==="shared"&&(this.gestureHint=this.gestureHint||new Zc(this.container),this.gestureHint.show(t,r))}},{key:"setNodesState",value:function(t,r){return this.stateManager.setNodesState(t,r),this}},{key:"setEdgesState",value:function(t,r){return this.stateManager.setEdgesState(t,r),this}},{key:"updateContainerCursor",value:function(){var t=this.stateManager.hovered,r=this.resolvedStageStyle.cursor||"";this.container.style.cursor=t&&zc(this.internals,t)||r}},{key:"refreshStageStyle",value:function(){this.resolvedStageStyle=mr(this.stylesDeclaration.stage,this.stateManager.graphState),this.resolvedStageStyle.background!==void 0&&(this.container.style.backgroundColor=this.resolvedStageStyle.background),this.updateContainerCursor()}},{key:"getNodeDisplayedLabels",value:function(){return new Set(this.labelRenderer.displayedNodeLabels)}},{key:"getEdgeDisplayedLabels",value:function(){return new Set(this.labelRenderer.displayedEdgeLabels)}},{key:"getSettings",value:function(){return H({},this.internals.settings)}},{key:"getSetting",value:function(t){return this.internals.settings[t]}},{key:"getStyles",value:function(){return H({},this.stylesDeclaration)}},{key:"getPrimitives",value:function(){return H({},this.internals.primitives)}},{key:"setSetting",value:function(t,r){return this.internals.settings[t]=r,Ta(this.internals.settings),this.handleSettingsUpdate(),this.scheduleRefresh(),this}},{key:"updateSetting",value:function(t,r){return this.setSetting(t,r(this.internals.settings[t])),this}},{key:"setSettings",value:function(t){return this.internals.settings=H(H({},this.internals.settings),t),Ta(this.internals.settings),this.handleSettingsUpdate(),this.scheduleRefresh(),this}},{key:"resize",value:function(t){var r=this.width,i=this.height;if(this.width=this.container.offsetWidth,this.height=this.container.offsetHeight,this.internals.pixelRatio=Rn(),this.width===0)if(this.internals.settings.allowInvalidContainer)this.width=1;else throw new Error("Sigma: Container has no width. You can set the allowInvalidContainer setting to true to stop seeing this error.");if(this.height===0)if(this.internals.settings.allowInvalidContainer)this.height=1;else throw new Error("Sigma: Container has no height. You can set the allowInvalidContainer setting to true to stop seeing this error.");if(!t&&r===this.width&&i===this.height)return this;this.labelRenderer.labelsDirty=!0;for(var o=0,s=[this.mouseLayer].concat(Z(Object.values(this.extraElements)));o<s.length;o++){var l=s[o];l.style.width=this.width+"px",l.style.height=this.height+"px"}return this.webGLContext&&(this.stageCanvas.setAttribute("width",this.width*this.internals.pixelRatio+"px"),this.stageCanvas.setAttribute("height",this.height*this.internals.pixelRatio+"px"),this.webGLContext.viewport(0,0,this.width*this.internals.pixelRatio,this.height*this.internals.pixelRatio)),this.emit("resize"),this}},{key:"clear",value:function(){return this.emit("beforeClear"),this.webGLContext.bindFramebuffer(WebGLRenderingContext.FRAMEBUFFER,null),this.webGLContext.clear(WebGLRenderingContext.COLOR_BUFFER_BIT),this.emit("afterClear"),this}},{key:"scheduleStateRefresh",value:function(){this.needToRefreshState=!0,this.scheduleRender()}},{key:"refreshState",value:function(){var t=this,r;this.stateManager.flushGraphStateFlags();var i=this.stateManager.graphStateChanged&&this.internals.nodeStyleAnalysis.dependency==="graph-state",o=this.stateManager.graphStateChanged&&this.edgeStyleAnalysis.dependency==="graph-state",s=!1;if(i)this.internals.graph.forEachNode(function(g){t.refreshNodeState(g)&&(s=!0)});else if(this.internals.nodeStyleAnalysis.dependency!=="static"){var l=U(this.stateManager.dirtyNodes),u;try{for(l.s();!(u=l.n()).done;){var d=u.value;this.refreshNodeState(d)&&(s=!0)}}catch(g){l.e(g)}finally{l.f()}}if(o)this.internals.graph.forEachEdge(function(g){t.refreshEdgeState(g)&&(s=!0)});else if(this.edgeStyleAnalysis.dependency!=="static"){var h=U(this.stateManager.dirtyEdges),c;try{for(h.s();!(c=h.n()).done;){var f=c.value;this.refreshEdgeState(f)&&(s=!0)}}catch(g){h.e(g)}finally{h.f()}}this.stateManager.graphStateChanged&&(r=this.stylesDeclaration)!==null&&r!==void 0&&r.stage&&this.refreshStageStyle(),this.stateManager.clearDirtyTracking(),s&&(this.pendingProcess="full")}},{key:"refreshNodeState",value:function(t){var r=this.internals.nodeDataCache[t];if(!r||this.nodeReducer){var i,o,s,l,u=(i=this.internals.nodeDataCache[t])===null||i===void 0?void 0:i.depth,d=(o=this.internals.nodeDataCache[t])===null||o===void 0?void 0:o.zIndex,h=(s=this.internals.nodeDataCache[t])===null||s===void 0?void 0:s.labelAttachment;this.updateNode(t);var c=this.internals.nodeDataCache[t];this.internals.attachmentManager&&c.labelAttachment!==h&&this.internals.attachmentManager.invalidateNode(t);var f;this.internals.nodeShapeMap&&this.internals.nodeGlobalShapeIds&&c.shape&&c.shape in this.internals.nodeShapeMap?f=this.internals.nodeGlobalShapeIds[this.internals.nodeShapeMap[c.shape]]:f=In(c.shape||"circle"),(l=this.internals.nodeDataTexture).updateNode.apply(l,[t,c.x,c.y,c.size,f].concat(Z(ba(c)),[c.color])),u&&c.depth!==u&&this.updateNodeDepthRanges(t,u,c.depth);var g=this.nodeProgramIndex[t];return g!==void 0&&(this.addNodeToProgram(t,g),this.nodeProgram.invalidateBuffers()),d!==void 0&&c.zIndex!==d}var m=this.internals.graph.getNodeAttributes(t),v=this.stateManager.getNodeState(t),p=r.size,y=r.shape,b=r.depth,_=r.zIndex,x=r.labelAttachment,E=r.rotationAlignment,w=r.labelRotationAlignment,A=r.color;pr(this.stylesDeclaration.nodes,m,v,this.stateManager.graphState,this.internals.graph,r),this.postEvaluateNode(r,m,v);var S=this.nodeGraphCoords[t],C=r.x!==S.x||r.y!==S.y;if(C&&(S.x=r.x,S.y=r.y),this.normalizationFunction.applyTo(r),this.internals.nodeShapeMap?(!r.shape||!(r.shape in this.internals.nodeShapeMap))&&(r.shape=Object.keys(this.internals.nodeShapeMap)[0]):this.nodeShapeSlug&&(r.shape=this.nodeShapeSlug),this.internals.attachmentManager&&r.labelAttachment!==x&&this.internals.attachmentManager.invalidateNode(t),It(this.internals.nodesWithForcedLabels,t,bt(r)),It(this.internals.nodesWithBackdrop,t,br(r)),C||r.size!==p||r.shape!==y||r.rotationAlignment!==E||r.labelRotationAlignment!==w||r.color!==A){var G,L;this.internals.nodeShapeMap&&this.internals.nodeGlobalShapeIds&&r.shape&&r.shape in this.internals.nodeShapeMap?L=this.internals.nodeGlobalShapeIds[this.internals.nodeShapeMap[r.shape]]:L=In(r.shape||"circle"),(G=this.internals.nodeDataTexture).updateNode.apply(G,[t,r.x,r.y,r.size,L].concat(Z(ba(r)),[r.color]))}this.itemBuckets.nodes.set(t,r.depth),r.depth!==b&&this.updateNodeDepthRanges(t,b,r.depth);var N=this.nodeProgramIndex[t];return N!==void 0&&(this.addNodeToProgram(t,N),this.nodeProgram.invalidateBuffers()),r.zIndex!==_}},{key:"refreshEdgeState",value:function(t){var r=this.internals.edgeDataCache[t];if(!r||this.edgeReducer){var i=r?.depth,o=r?.zIndex;this.updateEdge(t);var s=this.internals.edgeDataCache[t];i&&s.depth!==i&&this.updateEdgeDepthRanges(t,i,s.depth);var l=this.edgeProgramIndex[t];return l!==void 0&&(this.addEdgeToProgram(t,l),this.edgeProgram.invalidateBuffers()),o!==void 0&&s.zIndex!==o}var u=this.internals.graph.getEdgeAttributes(t),d=this.stateManager.getEdgeState(t),h=r.depth,c=r.zIndex,f=r.size,g=r.path,m=r.selfLoopPath,v=r.parallelPath,p=r.head,y=r.tail;vr(this.stylesDeclaration.edges,u,d,this.stateManager.graphState,this.internals.graph,r),this.postEvaluateEdge(r,u),this.applyEdgeSpread(t,r,d),It(this.internals.edgesWithForcedLabels,t,bt(r)),this.itemBuckets.edges.set(t,r.depth),r.depth!==h&&this.updateEdgeDepthRanges(t,h,r.depth);var b=this.edgeProgramIndex[t];if(b!==void 0){var _=r.size!==f||r.path!==g||r.selfLoopPath!==m||r.parallelPath!==v||r.head!==p||r.tail!==y;if(_)this.addEdgeToProgram(t,b),this.edgeProgram.invalidateBuffers();else{var x=this.internals.graph.source(t),E=this.internals.graph.target(t),w=this.internals.nodeDataCache[x],A=this.internals.nodeDataCache[E],S=this.edgeTextureIndexCache[t];this.edgeProgram.process(Ot(this.pickingState,"edge",t),b,w,A,r,S),this.edgeProgram.invalidateBuffers()}}return r.zIndex!==c}},{key:"refresh",value:function(t){var r=this,i=t?.skipIndexation!==void 0?t?.skipIndexation:!1,o=t?.schedule!==void 0?t.schedule:!1,s=!t||!t.partialGraph;if(s)this.clearEdgeIndices(),this.clearNodeIndices(),this.internals.graph.forEachNode(function(w){return r.addNode(w)}),this.edgeGroups.rebuild(),this.internals.graph.forEachEdge(function(w){return r.addEdge(w)}),this.pendingProcess="full";else{for(var l,u,d=((l=t.partialGraph)===null||l===void 0?void 0:l.nodes)||[],h=0,c=d?.length||0;h<c;h++){var f,g,m=""+d[h],v=(f=this.internals.nodeDataCache[m])===null||f===void 0?void 0:f.labelAttachment;if(this.updateNode(m),this.internals.attachmentManager&&((g=this.internals.nodeDataCache[m])!==null&&g!==void 0&&g.labelAttachment||v)&&this.internals.attachmentManager.invalidateNode(m),i){var p=this.nodeProgramIndex[m];if(p===void 0)throw new Error('Sigma: node "'.concat(m,`" can't be repaint`));this.addNodeToProgram(m,p)}}i&&d.length>0&&(this.nodeProgram.invalidateBuffers(),this.labelRenderer.labelsDirty=!0);for(var y=(t==null||(u=t.partialGraph)===null||u===void 0?void 0:u.edges)||[],b=0,_=y.length;b<_;b++){var x=""+y[b];if(this.updateEdge(x),i){var E=this.edgeProgramIndex[x];if(E===void 0)throw new Error('Sigma: edge "'.concat(x,`" can't be repaint`));this.addEdgeToProgram(x,E)}}i&&y.length>0&&(this.edgeProgram.invalidateBuffers(),this.labelRenderer.labelsDirty=!0),!i&&this.pendingProcess!=="full"&&(this.pendingProcess=y.length>0?"full":"nodes")}return o?this.scheduleRender():this.render(),this}},{key:"scheduleRender",value:function(){var t=this;return this.renderFrame||(this.renderFrame=requestAnimationFrame(function(){t.render()})),this}},{key:"scheduleRefresh",value:function(t){return this.refresh(H(H({},t),{},{schedule:!0}))}},{key:"getViewportZoomedState",value:function(t,r){var i=this.camera.getState(),o=i.ratio,s=i.angle,l=i.x,u=i.y,d=this.internals.settings,h=d.minCameraRatio,c=d.maxCameraRatio;typeof c=="number"&&(r=Math.min(r,c)),typeof h=="number"&&(r=Math.max(r,h));var f=r/o,g={x:this.width/2,y:this.height/2},m=this.viewportToFramedGraph(t),v=this.viewportToFramedGraph(g);return{angle:s,x:(m.x-v.x)*(1-f)+l,y:(m.y-v.y)*(1-f)+u,ratio:r}}},{key:"viewRectangle",value:function(){var t=this.viewportToFramedGraph({x:0,y:0}),r=this.viewportToFramedGraph({x:this.width,y:0}),i=this.viewportToFramedGraph({x:0,y:this.height});return{x1:t.x,y1:t.y,x2:r.x,y2:r.y,height:r.y-i.y}}},{key:"framedGraphToViewport",value:function(t){var r=arguments.length>1&&arguments[1]!==void 0?arguments[1]:{},i=!!r.cameraState||!!r.viewportDimensions||!!r.graphDimensions||!!r.padding,o=r.matrix||(i?mt(r.cameraState||this.camera.getState(),r.viewportDimensions||this.getDimensions(),r.graphDimensions||this.getGraphDimensions(),r.padding||this.getStagePadding()):this.matrix),s=en(o,t);return{x:(1+s.x)*this.width/2,y:(1-s.y)*this.height/2}}},{key:"viewportToFramedGraph",value:function(t){var r=arguments.length>1&&arguments[1]!==void 0?arguments[1]:{},i=!!r.cameraState||!!r.viewportDimensions||!!r.graphDimensions||!!r.padding,o=r.matrix||(i?mt(r.cameraState||this.camera.getState(),r.viewportDimensions||this.getDimensions(),r.graphDimensions||this.getGraphDimensions(),r.padding||this.getStagePadding(),!0):this.invMatrix),s=en(o,{x:t.x/this.width*2-1,y:1-t.y/this.height*2});return isNaN(s.x)&&(s.x=0),isNaN(s.y)&&(s.y=0),s}},{key:"viewportToGraph",value:function(t){var r=arguments.length>1&&arguments[1]!==void 0?arguments[1]:{};return this.normalizationFunction.inverse(this.viewportToFramedGraph(t,r))}},{key:"graphToViewport",value:function(t){var r=arguments.length>1&&arguments[1]!==void 0?arguments[1]:{};return this.framedGraphToViewport(this.normalizationFunction(t),r)}},{key:"graphToFramedGraph",value:function(t){return this.normalizationFunction(t)}},{key:"framedGraphToGraph",value:function(t){return this.normalizationFunction.inverse(t)}},{key:"getGraphToViewportRatio",value:function(){var t={x:0,y:0},r={x:1,y:1},i=Math.sqrt(Math.pow(t.x-r.x,2)+Math.pow(t.y-r.y,2)),o=this.graphToViewport(t),s=this.graphToViewport(r),l=Math.sqrt(Math.pow(o.x-s.x,2)+Math.pow(o.y-s.y,2));return l/i}},{key:"computeNodeExtent",value:function(){var t=this.nodeGraphCoords,r=Object.keys(t);if(!r.length)return{x:[0,1],y:[0,1]};for(var i=1/0,o=-1/0,s=1/0,l=-1/0,u=0,d=r.length;u<d;u++){var h=t[r[u]],c=h.x,f=h.y;c<i&&(i=c),c>o&&(o=c),f<s&&(s=f),f>l&&(l=f)}return{x:[i,o],y:[s,l]}}},{key:"getBBox",value:function(){return this.nodeExtent}},{key:"getCustomBBox",value:function(){return this.customBBox}},{key:"setCustomBBox",value:function(t){return this.customBBox=t,this.scheduleRender(),this}},{key:"kill",value:function(){var t,r,i,o,s;this.emit("kill"),this.removeAllListeners(),this.camera.cancelAnimation(),this.unbindCameraHandlers(),window.removeEventListener("resize",this.activeListeners.handleResize),this.mouseCaptor.kill(),this.touchCaptor.kill(),this.internals.hoverResolver.kill(),this.unbindGraphHandlers(),this.clearIndices(),this.clearState(),this.internals.nodeDataCache={},this.internals.edgeDataCache={},this.renderFrame&&(cancelAnimationFrame(this.renderFrame),this.renderFrame=null);for(var l=this.container;l.firstChild;)l.removeChild(l.firstChild);this.nodeProgram.kill(),this.nodeFramePass.kill(),this.edgeProgram.kill(),this.edgeFramePass.kill(),this.internals.labelProgram.kill(),(t=this.internals.edgeLabelProgram)===null||t===void 0||t.kill(),(r=this.internals.edgeLabelBackgroundProgram)===null||r===void 0||r.kill(),this.internals.backdropProgram.kill(),this.internals.labelBackgroundProgram.kill(),(i=this.internals.attachmentProgram)===null||i===void 0||i.kill(),(o=this.internals.attachmentManager)===null||o===void 0||o.kill(),this.internals.attachmentProgram=null,this.internals.attachmentManager=null;var u=U(this.customLayerPrograms.values()),d;try{for(u.s();!(d=u.n()).done;){var h=d.value.program;h.kill()}}catch(g){u.e(g)}finally{u.f()}if(this.customLayerPrograms.clear(),this.sdfAtlas&&(this.sdfAtlas=null),this.internals.nodeDataTexture&&(this.internals.nodeDataTexture.kill(),this.internals.nodeDataTexture=null),this.internals.nodeFrameTexture&&(this.internals.nodeFrameTexture.kill(),this.internals.nodeFrameTexture=null),this.internals.edgeDataTexture&&(this.internals.edgeDataTexture.kill(),this.internals.edgeDataTexture=null),this.internals.edgeFrameTexture&&(this.internals.edgeFrameTexture.kill(),this.internals.edgeFrameTexture=null),this.webGLContext){var c;(c=this.webGLContext.getExtension("WEBGL_lose_context"))===null||c===void 0||c.loseContext(),this.webGLContext=null}(s=this.gestureHint)===null||s===void 0||s.kill(),this.gestureHint=null,this.mouseLayer.remove();for(var f in this.extraElements)this.extraElements[f].remove();this.extraElements={}}},{key:"scaleSize",value:function(){var t=arguments.length>0&&arguments[0]!==void 0?arguments[0]:1,r=arguments.length>1&&arguments[1]!==void 0?arguments[1]:this.camera.ratio;return t/this.internals.settings.zoomToSizeRatioFunction(r)*(this.getSetting("itemSizesReference")==="positions"?r*this.graphToViewportRatio:1)}},{key:"getStageCanvas",value:function(){return this.stageCanvas}},{key:"getMouseLayer",value:function(){return this.mouseLayer}}])}(ya),Ts=of;var cl=st(Cs()),ei=st(Ns()),ai=st(ll()),Bf=document.body.dataset.endpoint||"/graphql",Hf={TAGGED:"#ff7043",ACTIVE:"#2e7d32",EPISODIC:"#0277bd",SEMANTIC:"#00897b",DORMANT:"#9e9e9e",CORE:"#f9a825"},$f={CAUSAL:"#c62828",SUPPORTIVE:"#1565c0",NEGATIVE:"#6a1b9a",NEUTRAL:"#90a4ae"},jf="id summary content status category score stability createdAt",ee=n=>document.getElementById(n),B={graph:new he({multi:!0,type:"directed"}),renderer:null,selected:null,focus:null,pagerank:new Map,generation:0},mn=class extends Error{};async function pt(n,a){let e={"Content-Type":"application/json",Accept:"application/json"},t=sessionStorage.getItem("retentia-key");t&&(e.Authorization=`Bearer ${t}`);let r=yn();r&&(e["X-Retentia-Project"]=r);let o=await(await fetch(Bf,{method:"POST",headers:e,body:JSON.stringify({query:n,variables:a})})).json();if(o.errors){let s=o.errors.map(u=>(u.extensions||{}).code),l=o.errors.map(u=>u.message).join("; ");throw s.includes("UNAUTHENTICATED")?new mn(`Not signed in: enter an API key (top right). The server says: ${l}`):s.includes("FORBIDDEN")?new mn(`Not allowed with this key: ${l}`):new Error(l)}return o.data}function yn(){return Hn().get("project")||""}function Ya(n){return n&&n.__typename&&n.message!==void 0?`${n.__typename}: ${n.message}`:null}function qe(n){ee("status").textContent=n}function Ve(n){qe(String(n.message||n)),n instanceof mn||console.error(n)}function Hn(){return new URLSearchParams(location.hash.replace(/^#/,""))}function ot(n){let a=Hn();for(let[e,t]of Object.entries(n))t==null||t===""?a.delete(e):a.set(e,t);history.replaceState(null,"",`#${a.toString()}`)}function Vf(n){let e=ee("size-by").value==="pagerank"?(B.pagerank.get(n.memoryId)||0)*40:n.score;return Math.max(.06,Math.min(1,10/Math.sqrt(B.graph.order||1)))*(8+16*Math.min(1,Math.max(0,e||0)))}function qf(n){let a={label:(n.summary||n.content||"").slice(0,40),memoryId:n.id,content:n.content,status:n.status,category:n.category,score:n.score,createdAt:n.createdAt,color:Hf[n.status]||"#455a64"};B.graph.hasNode(n.id)?B.graph.mergeNodeAttributes(n.id,a):B.graph.addNode(n.id,{...a,x:Math.random()*10,y:Math.random()*10,size:6})}function Xf(n){let a=`${n.source}|${n.type}|${n.target}`;B.graph.hasEdge(a)||!B.graph.hasNode(n.source)||!B.graph.hasNode(n.target)||B.graph.addEdgeWithKey(a,n.source,n.target,{edgeType:n.type,partition:n.partition,color:$f[n.partition]||"#90a4ae",size:1+2*(n.weight||0)})}function Yf(n){let a=ee("filter-status").value,e=ee("filter-category").value,t=ee("filter-since").value;return!(a&&n.status!==a||e&&n.category!==e||t&&n.createdAt&&n.createdAt<t)}function fl(){let n=new he({type:"undirected"});return B.graph.forEachNode(a=>n.addNode(a)),B.graph.forEachEdge((a,e,t,r)=>{t!==r&&!n.hasEdge(t,r)&&n.addEdge(t,r)}),n}function Kf(){let n=B.graph,a=(0,ai.default)(fl(),{getEdgeWeight:null}),e=new Map;for(let[o,s]of Object.entries(a))e.has(s)||e.set(s,[]),e.get(s).push(o);let t=[...e.values()].sort((o,s)=>s.length-o.length),r=Math.PI*(3-Math.sqrt(5)),i=0;return t.forEach((o,s)=>{let l=Math.sqrt(i+o.length/2)*2.2;i+=o.length;let u=l*Math.cos(s*r),d=l*Math.sin(s*r),h=Math.sqrt(o.length)*.6;o.forEach((c,f)=>{let g=f*r,m=h*Math.sqrt((f+.5)/o.length);n.mergeNodeAttributes(c,{x:u+m*Math.cos(g),y:d+m*Math.sin(g),community:s})})}),t.length}function $n(n){let a=B.graph.order;if(a===0){n();return}let e=ei.default.inferSettings(B.graph);if(a<=2e3){ei.default.assign(B.graph,{iterations:200,settings:e}),n();return}Kf();let t=new cl.default(B.graph,{settings:{...e,barnesHutOptimize:!0,gravity:.05,slowDown:20}});t.start(),setTimeout(()=>{t.stop(),t.kill(),n()},Math.min(3e3,500+a/5))}function Zf(n){let a=/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(n||"");return a?`rgba(${parseInt(a[1],16)},${parseInt(a[2],16)},${parseInt(a[3],16)},0.18)`:n}function bn(){B.dense=B.graph.size>2e3;for(let n of B.graph.nodes())B.graph.setNodeAttribute(n,"size",Vf(B.graph.getNodeAttributes(n)));B.renderer?(B.renderer.refresh(),B.renderer.getCamera().animate({x:.5,y:.5,ratio:1,angle:0},{duration:200})):(B.renderer=new Ts(B.graph,ee("canvas"),{renderEdgeLabels:!1,itemSizesReference:"screen",doubleClickZoomingRatio:1,defaultEdgeType:"arrow",nodeReducer:(n,a)=>{let e={...a};return Yf(a)||(e.hidden=!0),B.focus&&!B.focus.has(n)&&(e.color="#e0e0e0",e.label=""),B.orphans&&B.orphans.has(n)&&(e.color="#d50000",e.highlighted=!0),n===B.selected&&(e.highlighted=!0),e},edgeReducer:(n,a)=>{let e={...a};B.dense&&(e.color=Zf(a.color),e.size=.5);let t=ee("filter-edge").value;if(t&&a.edgeType!==t&&(e.hidden=!0),B.focus){let[r,i]=B.graph.extremities(n);(!B.focus.has(r)||!B.focus.has(i))&&(e.hidden=!0)}return e}}),B.renderer.setSetting("itemSizesReference","screen"),B.renderer.setSetting("labelRenderedSizeThreshold",B.graph.order>500?12:0),B.renderer.on("clickNode",({node:n})=>Ht(n)),B.renderer.on("doubleClickNode",n=>{n.preventSigmaDefault(),vl(n.node)}),B.renderer.on("clickStage",()=>{B.focus=null,B.orphans=null,B.renderer.refresh()})),ee("counts").textContent=`${B.graph.order} memories, ${B.graph.size} edges on the canvas`}var Qf=2e3,Jf=`__typename ... on BoundedSubgraph { nodes { ${jf} } edges { source target type partition weight } seeds total totalExact truncated } ... on NotFound { message } ... on InvalidInput { message } ... on RecallUnavailable { message }`;function gl(n){if(!n.truncated)return"";let a=`${n.total.toLocaleString("en")}${n.totalExact?"":"+"}`;return` \u2014 showing ${n.nodes.length.toLocaleString("en")} of ${a} \u2014 narrow the filter`}function eg(){let n=Number(Hn().get("cap"));return n>=1&&n<=5e3?Math.floor(n):Qf}async function Va(n,a=B.generation){let t=(await pt(`query($ids: [ID!], $q: String, $entity: String, $d: Int!, $f: Int!, $types: [EdgeType!]) { subgraph(ids: $ids, query: $q, entity: $entity, depth: $d, first: $f, edgeTypes: $types) { ${Jf} } }`,{d:1,f:eg(),...n})).subgraph,r=Ya(t);if(r)return qe(r),null;if(a!==B.generation)return null;for(let i of t.nodes)qf(i);for(let i of t.edges)Xf(i);return t}function pl(n,a){ee("results").innerHTML="";for(let e of n){let t=a.get(e),r=document.createElement("li");r.tabIndex=0,r.textContent=t?t.summary||t.content:`${e.slice(0,8)} \u2014 not drawn (over the cap)`,r.addEventListener("click",()=>Ht(e)),r.addEventListener("keydown",i=>{i.key==="Enter"&&Ht(e)}),ee("results").appendChild(r)}}async function Qr(){let n=++B.generation,a=yn()||"default",t=(((await pt("{ memories(first: 25) { __typename ... on MemoryConnection { nodes { id } } } }")).memories||{}).nodes||[]).map(l=>l.id);if(n!==B.generation)return;if(!t.length){qe(`ready \u2014 project ${a} holds no memories yet${ml()}`);return}B.graph.clear();let r=await Va({ids:t,types:qa()},n);if(!r)return;pl(t,new Map(r.nodes.map(l=>[l.id,l]))),qe(`ready \u2014 overview of project ${a}: its ${t.length} most recent memories and their neighbours (search or recall to focus; d: analytics)`),$n(bn);let o=(await pt("{ analytics { __typename ... on Analytics { pagerank { items { memoryId } } communityCount } } }")).analytics;if(n!==B.generation||!o||o.__typename!=="Analytics")return;let s=o.pagerank.items.slice(0,10).map(l=>l.memoryId).filter(l=>!B.graph.hasNode(l));s.length&&!await Va({ids:s,types:qa()},n)||(qe(`ready \u2014 overview of project ${a}: its ${t.length} most recent memories, its most central ones (PageRank) and their neighbours; ${o.communityCount} communities (search or recall to focus; d: analytics)`),s.length&&$n(bn))}function qa(){let n=ee("filter-edge").value;return n?[n]:null}async function ul(n){ot({q:n,view:"graph"}),qe(`recalling \u201C${n}\u201D\u2026`);let a=++B.generation;B.graph.clear(),B.focus=null,B.orphans=null;let e=await Va({q:n,types:qa()},a);e&&(pl(e.seeds,new Map(e.nodes.map(t=>[t.id,t]))),qe(`${e.seeds.length} hits in project ${yn()||"default"}${gl(e)}${e.seeds.length?"":ml()}`),$n(bn))}async function vl(n){let a=await Va({ids:[n],types:qa()});a&&(B.focus=new Set([n,...B.graph.neighbors(n)]),ot({expand:n}),qe(`expanded ${n.slice(0,8)}: ${B.focus.size-1} neighbours${gl(a)}`),$n(bn))}async function Ht(n){B.selected=n,ot({sel:n});let a=await pt("query($id: ID!) { explain(id: $id) { __typename ... on Explanation { memory { id content status category entities facts { subject predicate object state validFrom validTo } } formula score nextTransition forces { name value inputs { name value } } forgetting { forget deletionScore conjuncts { name holds detail } } removalImpact } ... on NotFound { message } ... on InvalidInput { message } } }",{id:n}),e=Ya(a.explain);if(e){qe(e);return}let t=a.explain;B.orphans=new Set(t.removalImpact);let r=ee("panel");r.innerHTML="";let i=(s,l,u)=>{let d=document.createElement(s);return d.textContent=l,u&&(d.className=u),r.appendChild(d),d};i("h2",`${t.memory.status.toLowerCase()} \xB7 ${t.memory.category.toLowerCase()}`),i("p",t.memory.content,"content");let o=i("p","entities: ");t.memory.entities.length||o.append("none");for(let s of t.memory.entities){let l=Object.assign(document.createElement("button"),{type:"button",textContent:s,className:"entity"});l.addEventListener("click",()=>ni(s).catch(Ve)),o.append(l," ")}i("h3",`facts (${t.memory.facts.length})`);for(let s of t.memory.facts)i("div",`${s.subject} \u2014 ${s.predicate} \u2014 ${s.object} \xB7 ${s.state.toLowerCase()} ${ti(s)}`,`fact ${s.state.toLowerCase()}`);i("h3",`score ${t.score.toFixed(3)} \u2014 ${t.nextTransition}`),i("code",t.formula),i("h3","forces");for(let s of t.forces)i("div",`${s.name} = ${s.value.toFixed(3)} (${s.inputs.map(l=>`${l.name} ${l.value}`).join(", ")})`,"force");i("h3",t.forgetting.forget?"forgetting: every condition holds \u2014 the next maintenance pass moves it to the forgotten memories (restorable until purged)":"forgetting: kept \u2014 not every condition holds");for(let s of t.forgetting.conjuncts)i("div",`${s.holds?"\u25CF met":"\u25CB not met"} \u2014 ${s.name}: ${s.detail}`,s.holds?"toward":"against");i("h3",`removal impact: ${t.removalImpact.length} orphaned (red on the canvas)`);for(let s of t.removalImpact)i("div",s,"orphan");r.hidden=!1,B.renderer&&(B.renderer.resize(),B.renderer.refresh())}var Xa=n=>n?n.slice(0,10):"\u2026";function tg(n,a){let e=document.createElement("div");e.className="slot axis",e.append(Object.assign(document.createElement("div"),{className:"slot-name",textContent:""}));let t=document.createElement("div");t.className="track axis-track";for(let r=0;r<=4;r+=1){let i=new Date(n+(a-n)*r/4).toISOString(),o=Object.assign(document.createElement("span"),{className:"tick",textContent:Xa(i)});o.style.left=`${25*r}%`,t.appendChild(o)}return e.appendChild(t),e}function ti(n){return`${Xa(n.validFrom)} \u2192 ${n.validTo?Xa(n.validTo):"now"}`}var dl="id subject predicate object state validFrom validTo recordedAt supersededBy sourceId";async function ni(n,a){ot({entity:n,asOf:a||null});let e=await pt(`query($n: String!) { entity(name: $n) { __typename ... on Entity { name history { ${dl} } } ... on NotFound { message } ... on InvalidInput { message } } }`,{n}),t=ee("entity-view"),r=Ya(e.entity);if(r){t.hidden=!1,t.textContent=r;return}let i=e.entity,o=new Map;for(let p of i.history){let y=`${p.subject}\0${p.predicate}`;o.has(y)||o.set(y,[]),o.get(y).push(p)}let s=[...new Set(i.history.flatMap(p=>[p.validFrom||p.recordedAt,p.validTo].filter(Boolean)))].sort();t.innerHTML="",t.hidden=!1;let l=Object.assign(document.createElement("button"),{type:"button",textContent:"close (Esc)"});l.addEventListener("click",()=>{t.hidden=!0,ot({entity:null,asOf:null})}),t.append(l,Object.assign(document.createElement("h2"),{textContent:`entity: ${i.name}`}));let u=s.length?Date.parse(s[0]):0,d=Math.max(Date.now(),s.length?Date.parse(s[s.length-1]):0);for(let[p,y]of o){let[b,_]=p.split("\0"),x=document.createElement("div");x.className="slot",x.append(Object.assign(document.createElement("div"),{className:"slot-name",textContent:`${b} \u2014 ${_}`}));let E=document.createElement("div");E.className="track";for(let w of y){let A=Date.parse(w.validFrom||w.recordedAt),S=w.validTo?Date.parse(w.validTo):d,C=document.createElement("span");C.className=`bar ${w.state.toLowerCase()}`,C.style.left=`${100*(A-u)/(d-u||1)}%`,C.style.width=`${Math.max(2,100*(S-A)/(d-u||1))}%`,C.textContent=w.object,C.title=`${w.object}: ${ti(w)} (${w.state.toLowerCase()})`,w.sourceId&&(C.tabIndex=0,C.addEventListener("click",()=>Ht(w.sourceId))),E.appendChild(C)}x.appendChild(E),t.appendChild(x)}s.length&&t.appendChild(tg(u,d));let h=Object.assign(document.createElement("input"),{type:"range",id:"as-of",min:"0",max:String(Math.max(0,s.length-1)),step:"1"});h.setAttribute("aria-label","as of");let c=Object.assign(document.createElement("span"),{id:"as-of-label"}),f=Object.assign(document.createElement("ul"),{id:"as-of-values"}),g=a?s.findIndex(p=>p>=a):-1;h.value=String(g>=0?g:s.length-1);let m=async()=>{let p=s[Number(h.value)];if(!p){c.textContent="no facts";return}c.textContent=`as of ${Xa(p)}`,ot({asOf:p});let b=(await pt(`query($n: String!, $at: DateTime!) { facts(entity: $n, asOf: $at, first: 200) { __typename ... on FactList { nodes { ${dl} } } ... on InvalidInput { message } } }`,{n:i.name,at:p})).facts.nodes||[];f.innerHTML="";for(let _ of b){let x=document.createElement("li");x.className="held",x.dataset.slot=`${_.subject} \u2014 ${_.predicate}`,x.dataset.value=_.object,x.textContent=`${_.subject} \u2014 ${_.predicate}: ${_.object} (${ti(_)})`,f.appendChild(x)}b.length||f.appendChild(Object.assign(document.createElement("li"),{textContent:"nothing held at this instant"}))};h.addEventListener("input",()=>{m().catch(Ve)});let v=document.createElement("div");v.className="as-of",v.append("as-of: ",h," ",c),t.append(v,f),await m(),qe(`entity ${i.name}: ${o.size} slot${o.size===1?"":"s"}, ${i.history.length} fact${i.history.length===1?"":"s"}`)}async function Jr(){ot({view:"dashboard"}),ee("dashboard").hidden=!1,ee("dashboard").textContent="computing analytics\u2026";let n=await pt("{ analytics { __typename ... on Analytics { computedAt inDatabase memories causalEdges supportEdges pagerank { items { memoryId value } total } articulationPoints { items { memoryId value } total } longestChain communityCount communities { name members } cycles { memoriesOnCycles truncated } components { count largest isolated } orphanCount staleAutoLinks statusByMonth { month key count } churn { facts superseded supersededShare } } ... on InvalidInput { message } } }"),a=Ya(n.analytics);if(a){ee("dashboard").textContent=a;return}let e=n.analytics;B.pagerank=new Map(e.pagerank.items.map(d=>[d.memoryId,d.value]));let t=[["memories",e.memories],["causal edges",e.causalEdges],["supportive edges",e.supportEdges],["components",`${e.components.count} (largest ${e.components.largest}, isolated ${e.components.isolated})`],["communities",e.communityCount],["memories on causal cycles",`${e.cycles.memoriesOnCycles}${e.cycles.truncated?" (truncated)":""}`],["load-bearing memories",e.articulationPoints.total],["longest causal chain",e.longestChain.length],["orphans",e.orphanCount],["stale auto-links",e.staleAutoLinks],["facts superseded",`${e.churn.superseded} of ${e.churn.facts} (${(100*e.churn.supersededShare).toFixed(1)}%)`],["computed in the database",e.inDatabase.join(", ")||"none (networkx on a bounded export)"]],r=ee("dashboard");r.innerHTML="<h2>Analytics</h2>";let i=Object.assign(document.createElement("button"),{textContent:"close (Esc)",type:"button"});i.addEventListener("click",()=>{r.hidden=!0,ot({view:"graph"})}),r.prepend(i);let o=document.createElement("table");for(let[d,h]of t){let c=o.insertRow();c.insertCell().textContent=d,c.insertCell().textContent=String(h)}r.appendChild(o);let s=[...e.pagerank.items.slice(0,10),...e.articulationPoints.items.slice(0,10)].map(d=>d.memoryId),l=await ng(s),u=(d,h,c,f)=>{r.appendChild(Object.assign(document.createElement("h3"),{textContent:`${d} (${h.total})`}));let g=document.createElement("ol");if(r.appendChild(g),!h.items.length){g.appendChild(Object.assign(document.createElement("li"),{textContent:c}));return}for(let m of h.items.slice(0,10)){let v=document.createElement("li");v.tabIndex=0,v.textContent=`${l.get(m.memoryId)||m.memoryId.slice(0,8)} \u2014 ${f(m.value)}`,v.addEventListener("click",()=>Ht(m.memoryId)),g.appendChild(v)}};if(u("causal hubs (PageRank)",e.pagerank,"none: the project has no causal edges yet",d=>d.toFixed(4)),u("load-bearing memories (removing one splits the supportive graph)",e.articulationPoints,"none: no memory holds the graph together alone",d=>`${d} cut off`),B.graph.order>2){let d=(0,ai.default)(fl(),{getEdgeWeight:null});r.appendChild(Object.assign(document.createElement("p"),{textContent:`communities on the canvas (Louvain in the browser): ${new Set(Object.values(d)).size}`}))}}async function hl(){B.projects=[];try{let a=await pt("{ projects { __typename ... on ProjectList { projects { name memories } } } }");B.projects=a.projects.projects||[]}catch(a){if(!(a instanceof mn))throw a;if(/Not signed in/.test(a.message)){qe(a.message);return}}let n=ee("project-list");n.innerHTML="";for(let a of B.projects)n.appendChild(Object.assign(document.createElement("option"),{value:a.name,label:`${a.name} (${a.memories} memories)`}))}function ml(){let n=(B.projects||[]).filter(a=>a.name!==(yn()||"default")&&a.memories>0);return n.length?` \u2014 other projects: ${n.map(a=>`${a.name} (${a.memories})`).join(", ")}; choose one in the project box`:""}async function ng(n){let a=[...new Set(n)];if(!a.length)return new Map;let e=a.map((r,i)=>`m${i}: memory(id: ${JSON.stringify(r)}) { ... on Memory { id summary content } }`).join(" "),t=await pt(`{ ${e} }`);return new Map(Object.values(t).filter(r=>r&&r.id).map(r=>[r.id,(r.summary||r.content).slice(0,120)]))}function ag(){ee("key").value=sessionStorage.getItem("retentia-key")||"",ee("key").addEventListener("change",()=>{sessionStorage.setItem("retentia-key",ee("key").value.trim()),hl().then(Qr).catch(Ve)}),ee("project").value=yn(),ee("project").addEventListener("change",()=>{ot({project:ee("project").value.trim().toLowerCase()}),B.graph.clear(),ee("results").innerHTML="",ee("panel").hidden=!0,B.renderer&&B.renderer.refresh(),Qr().catch(Ve)}),ee("search-form").addEventListener("submit",a=>{a.preventDefault(),ul(ee("search").value).catch(Ve)});for(let a of["filter-status","filter-category","filter-edge","filter-since","size-by"])ee(a).addEventListener("change",()=>{ot({[a]:ee(a).value}),B.renderer&&bn()});ee("entity-form").addEventListener("submit",a=>{a.preventDefault(),ni(ee("entity-name").value.trim()).catch(Ve)}),ee("open-dashboard").addEventListener("click",()=>Jr().catch(Ve)),document.addEventListener("keydown",a=>{if(!(a.target instanceof HTMLInputElement)){if(a.key==="/"&&(a.preventDefault(),ee("search").focus()),a.key==="Escape"&&(ee("dashboard").hidden=!0,ee("entity-view").hidden=!0,B.focus=null,B.orphans=null,ee("panel").hidden=!0,B.renderer&&(B.renderer.resize(),B.renderer.refresh())),a.key==="d"&&Jr().catch(Ve),(a.key==="ArrowRight"||a.key==="ArrowLeft")&&B.selected&&B.graph.hasNode(B.selected)){let e=B.graph.neighbors(B.selected);e.length&&Ht(e[a.key==="ArrowRight"?0:e.length-1])}a.key==="Enter"&&B.selected&&vl(B.selected)}});let n=Hn();for(let a of["filter-status","filter-category","filter-edge","filter-since","size-by"])n.get(a)&&(ee(a).value=n.get(a));n.get("q")&&(ee("search").value=n.get("q"),ul(n.get("q")).then(()=>n.get("sel")&&Ht(n.get("sel"))).catch(Ve)),n.get("entity")&&ni(n.get("entity"),n.get("asOf")).catch(Ve),n.get("view")==="dashboard"&&Jr().catch(Ve),B.show=()=>$n(bn),window.retentiaExplorer=B,qe(`ready: search or recall in project ${yn()||"default"} (press / to focus)`),hl().then(()=>!n.get("q")&&!n.get("entity")&&Hn().get("view")!=="dashboard"?Qr():null).catch(Ve)}ag();})();
